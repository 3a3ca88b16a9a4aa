import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { toMassGenError } from '@massgen/core';
import type { HumanMessage } from '@massgen/core';
import { loadConfig } from '@massgen/config';
import { initialRunStatus, reduceRunStatus, summarizeRun } from '@massgen/run-state';
import type { RunSummary } from '@massgen/run-state';
import { listRunRecords, readRunRecord, runsRoot } from '@massgen/runtime';
import { createBearerCheck } from './bearer-auth.js';
import { readHumanMessage } from './completion-messages.js';
import { badRequest, internalError, sendApiError } from './openai-errors.js';
import type { ApiError } from './openai-errors.js';
import { readJsonBody } from './read-json-body.js';
import { followRecordEvents } from './record-events-feed.js';
import { RunEventStream } from './run-event-stream.js';
import { sendJson } from './send-json.js';
import { guardWebRequest } from './web-request-guard.js';
import { LiveRuns } from './web-live-runs.js';
import type { LiveRun } from './web-live-runs.js';
import { sendStaticFile } from './web-static-files.js';

/** A configuration the page offers to start a run with. Requests name one by id; nothing else starts a run. */
export interface WebConfigChoice {
  id: string;
  label: string;
  source: 'given' | 'directory' | 'example';
  /** A question to suggest with it (the examples have one). */
  question?: string;
  /** The file to load, found when a run starts (an example is copied into the project first). */
  file: () => string;
}

export interface WebServerOptions {
  /** The project: runs are recorded and listed under `<cwd>/.massgen/runs`. */
  cwd: string;
  configs: WebConfigChoice[];
  /** The built page (`apps/web`'s `dist`); without it the API still answers and `/` says what is missing. */
  assetsDirectory?: string;
  /** When set, every `/api` request must send `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
  env?: Record<string, string | undefined>;
  pluginSearchPaths?: string[];
  /** Runs started from the page at once; more are refused until one ends. Defaults to 4. */
  maxConcurrentRuns?: number;
  heartbeatMs?: number;
  log?: (message: string) => void;
}

export interface WebServer {
  readonly http: Server;
  readonly url: string | undefined;
  /** Listens (by default on 127.0.0.1 and a free port) and resolves with `http://host:port`. */
  listen(options?: { host?: string; port?: number }): Promise<string>;
  /** Cancels the runs started from the page, waits for them to end, then closes every connection. */
  close(): Promise<void>;
}

const startRequestSchema = z.object({
  configId: z.string().min(1),
  question: z.string().trim().min(1, 'Ask a question first.').max(100_000),
});
const maxBodyBytes = 1024 * 1024;
const runIdPattern = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The server behind `massgen web`: the page, the recorded runs, runs started from the page, their events. */
export function createWebServer(options: WebServerOptions): WebServer {
  const log = options.log ?? (() => {});
  const authorised = createBearerCheck(options.apiKey);
  const liveRuns = new LiveRuns();
  const feeds = new Set<AbortController>();
  const root = runsRoot(options.cwd);
  let url: string | undefined;
  let loopbackPort: number | undefined;

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const guard = guardWebRequest(request, loopbackPort);
    if (guard !== undefined) return sendApiError(response, guard);
    const requestUrl = new URL(request.url ?? '/', 'http://localhost');
    const parts = requestUrl.pathname.split('/').filter((part) => part !== '');
    const method = request.method ?? 'GET';
    if (parts[0] !== 'api') {
      if (method !== 'GET' && method !== 'HEAD') return sendApiError(response, notAllowed(method, 'GET'));
      return sendPage(requestUrl.pathname, response);
    }
    if (!authorised(request.headers.authorization))
      return sendApiError(response, {
        status: 401,
        type: 'invalid_request_error',
        message: 'This server needs its API key.',
        param: null,
        code: 'invalid_api_key',
      });
    const [, collection, runId, action] = parts;
    if (collection === 'configs' && parts.length === 2) {
      if (method !== 'GET') return sendApiError(response, notAllowed(method, 'GET'));
      return sendJson(response, 200, {
        configs: options.configs.map(({ id, label, source, question }) => ({
          id,
          label,
          source,
          ...(question === undefined ? {} : { question }),
        })),
      });
    }
    if (collection !== 'runs' || parts.length > 4) return sendApiError(response, notFound(requestUrl.pathname));
    if (runId === undefined) {
      if (method === 'GET') return sendJson(response, 200, { runs: listRuns() });
      if (method === 'POST') return startRun(request, response);
      return sendApiError(response, notAllowed(method, 'GET, POST'));
    }
    if (!runIdPattern.test(runId)) return sendApiError(response, unknownRun(runId));
    if (action === undefined) {
      if (method !== 'GET') return sendApiError(response, notAllowed(method, 'GET'));
      const summary = runSummary(runId);
      return summary === undefined ? sendApiError(response, unknownRun(runId)) : sendJson(response, 200, summary);
    }
    if (action === 'events') {
      if (method !== 'GET') return sendApiError(response, notAllowed(method, 'GET'));
      return streamEvents(runId, request, requestUrl, response);
    }
    if (action === 'answer-now' || action === 'cancel' || action === 'messages') {
      if (method !== 'POST') return sendApiError(response, notAllowed(method, 'POST'));
      if (action !== 'messages') return control(runId, action, response);
      const read = await readHumanMessage(request, 1024 * 1024);
      return read.ok ? control(runId, read.message, response) : sendApiError(response, read.error);
    }
    return sendApiError(response, notFound(requestUrl.pathname));
  }

  async function sendPage(urlPath: string, response: ServerResponse): Promise<void> {
    if (options.assetsDirectory !== undefined && (await sendStaticFile(options.assetsDirectory, urlPath, response)))
      return;
    if (options.assetsDirectory === undefined || !existsSync(path.join(options.assetsDirectory, 'index.html'))) {
      const body = `The web page is not built (looked in ${options.assetsDirectory ?? 'no directory'}). Run pnpm build, or reinstall massgen.\n`;
      response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(body);
      return;
    }
    sendApiError(response, notFound(urlPath));
  }

  type ListedRun = RunSummary & { controllable: boolean };

  function listRuns(): Array<ListedRun | { runId: string; problem: string }> {
    return listRunRecords(root)
      .reverse()
      .map((record) => {
        const live = liveRuns.get(record.runId);
        if (live !== undefined) return { ...summaryOf(live), controllable: !live.ended };
        if (record.status === undefined) return { runId: record.runId, problem: record.problem ?? 'unreadable' };
        // The directory names the run, whatever a copied or edited status.json says.
        return { ...summarizeRun(record.status), runId: record.runId, controllable: false };
      });
  }

  function runSummary(runId: string): ListedRun | { runId: string; problem: string } | undefined {
    const live = liveRuns.get(runId);
    if (live !== undefined) return { ...summaryOf(live), controllable: !live.ended };
    if (!existsSync(path.join(root, runId))) return undefined;
    const record = readRunRecord(root, runId);
    if (record.status === undefined) return { runId, problem: record.problem ?? 'unreadable' };
    return { ...summarizeRun(record.status), runId, controllable: false };
  }

  async function startRun(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readJsonBody(request, maxBodyBytes);
    if (!body.ok) return sendApiError(response, body.error);
    const parsed = startRequestSchema.safeParse(body.body);
    if (!parsed.success)
      return sendApiError(
        response,
        badRequest(parsed.error.issues.map((issue) => issue.message).join('; '), 'invalid_request'),
      );
    const choice = options.configs.find((config) => config.id === parsed.data.configId);
    if (choice === undefined)
      return sendApiError(
        response,
        badRequest(`There is no configuration "${parsed.data.configId}" to choose.`, 'unknown_config', 'configId'),
      );
    const limit = options.maxConcurrentRuns ?? 4;
    if (liveRuns.running >= limit)
      return sendApiError(response, {
        status: 429,
        type: 'rate_limit_error',
        message: `${limit} runs are going on already; wait for one to end or cancel one.`,
        param: null,
        code: 'too_many_runs',
      });
    let live: LiveRun;
    try {
      const config = await loadConfig(choice.file(), { cwd: options.cwd, env: { ...(options.env ?? process.env) } });
      live = await liveRuns.start({
        config,
        question: parsed.data.question,
        cwd: options.cwd,
        ...(options.pluginSearchPaths === undefined ? {} : { pluginSearchPaths: options.pluginSearchPaths }),
      });
    } catch (error) {
      const failure = toMassGenError(error);
      log(`A run from the page could not start (${choice.label}): ${failure.message}`);
      return sendApiError(response, {
        status: failure.code === 'INTERNAL' ? 500 : 400,
        type: failure.code === 'INTERNAL' ? 'server_error' : 'invalid_request_error',
        message: `${choice.label} could not start: ${failure.message}`,
        param: 'configId',
        code: failure.code,
      });
    }
    sendJson(response, 201, { runId: live.runId });
  }

  async function streamEvents(
    runId: string,
    request: IncomingMessage,
    requestUrl: URL,
    response: ServerResponse,
  ): Promise<void> {
    const after = Math.max(
      integerOr(requestUrl.searchParams.get('after'), -1),
      integerOr(headerValue(request.headers['last-event-id']), -1),
    );
    const live = liveRuns.get(runId);
    const directory = path.join(root, runId);
    if (live === undefined && !existsSync(directory)) return sendApiError(response, unknownRun(runId));
    const stream = new RunEventStream(response, options.heartbeatMs ?? 15_000);
    if (live !== undefined) {
      for (const event of live.events) if (event.seq > after) stream.event(event);
      await new Promise<void>((resolve) => {
        const unsubscribe = live.subscribe(
          (event) => stream.event(event),
          () => resolve(),
        );
        response.once('close', () => {
          unsubscribe();
          resolve();
        });
      });
      return stream.end();
    }
    const controller = new AbortController();
    feeds.add(controller);
    response.once('close', () => controller.abort());
    try {
      await followRecordEvents(directory, stream, { after, signal: controller.signal });
    } finally {
      feeds.delete(controller);
    }
    stream.end();
  }

  /** An answer now, a cancel, or a message to the agents, for a run this page started. */
  function control(runId: string, action: 'answer-now' | 'cancel' | HumanMessage, response: ServerResponse): void {
    const live = liveRuns.get(runId);
    if (live === undefined) {
      if (!existsSync(path.join(root, runId))) return sendApiError(response, unknownRun(runId));
      return sendApiError(response, {
        status: 409,
        type: 'invalid_request_error',
        message:
          'This run was not started from this page, so it cannot be steered from here; in its terminal, press a for an answer now, m for a message or q to cancel.',
        param: null,
        code: 'not_started_here',
      });
    }
    if (live.ended)
      return sendApiError(response, {
        status: 409,
        type: 'invalid_request_error',
        message: 'The run has already ended.',
        param: null,
        code: 'run_ended',
      });
    if (typeof action === 'object') {
      const start = live.events[0];
      const known = start?.type === 'run-start' ? start.agents.map((agent) => agent.id) : [];
      const unknown = action.to?.find((agentId) => !known.includes(agentId));
      if (unknown !== undefined)
        return sendApiError(
          response,
          badRequest(
            `The run has no agent "${unknown}"; its agents are ${known.join(', ')}.`,
            'unknown_agent',
            'agent',
          ),
        );
      live.sendMessage(action);
      return sendJson(response, 202, { runId, action: 'message', to: action.to ?? known });
    }
    if (action === 'answer-now') live.answerNow();
    else live.cancel();
    sendJson(response, 202, { runId, action });
  }

  const http = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      log(`The web server failed on ${request.method ?? ''} ${request.url ?? ''}: ${describe(error)}`);
      if (response.headersSent) response.destroy();
      else sendApiError(response, internalError());
    });
  });

  return {
    http,
    get url() {
      return url;
    },
    listen(listenOptions = {}) {
      const host = listenOptions.host ?? '127.0.0.1';
      return new Promise((resolve, reject) => {
        http.once('error', reject);
        http.listen(listenOptions.port ?? 0, host, () => {
          http.off('error', reject);
          const { port } = http.address() as AddressInfo;
          loopbackPort = isLoopback(host) ? port : undefined;
          url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
          resolve(url);
        });
      });
    },
    async close() {
      for (const feed of feeds) feed.abort();
      const stopped = new Promise<void>((resolve) => http.close(() => resolve()));
      await liveRuns.close();
      http.closeAllConnections();
      await stopped;
    },
  };
}

function summaryOf(live: LiveRun): RunSummary {
  const first = live.events[0];
  const status = live.events.reduce(reduceRunStatus, initialRunStatus(live.runId, first?.time ?? Date.now()));
  return summarizeRun(status);
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}

function integerOr(value: string | null | undefined, fallback: number): number {
  if (value === null || value === undefined || !/^-?\d+$/.test(value.trim())) return fallback;
  return Number(value);
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

function unknownRun(runId: string): ApiError {
  return {
    status: 404,
    type: 'invalid_request_error',
    message: `No run "${runId}" is recorded in .massgen/runs here.`,
    param: null,
    code: 'unknown_run',
  };
}

function notFound(urlPath: string): ApiError {
  return {
    status: 404,
    type: 'invalid_request_error',
    message: `Nothing at ${urlPath}.`,
    param: null,
    code: 'not_found',
  };
}

function notAllowed(method: string, allow: string): ApiError {
  return {
    status: 405,
    type: 'invalid_request_error',
    message: `${method} is not allowed here; use ${allow}.`,
    param: null,
    code: 'method_not_allowed',
    headers: { allow },
  };
}
