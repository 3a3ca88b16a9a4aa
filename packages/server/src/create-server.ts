import { createServer, STATUS_CODES } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { BackendCache } from './backend-cache.js';
import { createBearerCheck } from './bearer-auth.js';
import { defaultHistoryTokens, sessionsRoot } from '@massgen/runtime';
import { handleChatCompletions } from './chat-completions-handler.js';
import { handleCompletionMessage } from './completion-messages.js';
import { LiveCompletions } from './live-completions.js';
import type { ChatCompletionsContext, ServerRunOptions } from './chat-completions-handler.js';
import { ServedSessions } from './served-sessions.js';
import { ConcurrencyGate } from './concurrency-gate.js';
import { applyConnectionDeadlines } from './connection-deadlines.js';
import type { ModelRegistry } from './model-registry.js';
import { errorBody, internalError, sendApiError } from './openai-errors.js';
import type { ApiError } from './openai-errors.js';
import { createChatRequestSchema } from './request-schema.js';
import { sendJson } from './send-json.js';
import { resolveServerLimits } from './server-limits.js';
import type { ServerLimits } from './server-limits.js';

export interface MassGenServerOptions {
  /** The configurations the server offers, by model id. */
  models: ModelRegistry;
  /** When set, every `/v1` request must send `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
  limits?: Partial<ServerLimits>;
  run?: ServerRunOptions;
  /**
   * Receives operator-facing messages: configuration and backend warnings at start, runs that
   * cannot start, handler failures. Never request contents or keys.
   */
  log?: (message: string) => void;
}

export interface ListenOptions {
  /** Defaults to 127.0.0.1: exposing the server is a decision the operator makes explicitly. */
  host?: string;
  /** Defaults to 4000; 0 picks a free port. */
  port?: number;
}

export interface MassGenServer {
  readonly http: Server;
  /** `http://host:port` once listening. */
  readonly url: string | undefined;
  readonly activeRuns: number;
  /** Resolves once no run is in progress (cancelled runs included, once they have stopped). */
  idle(): Promise<void>;
  /**
   * Creates every model's backends (a broken configuration rejects here, naming the model), then
   * listens and resolves with the server's URL (`http://host:port`; the OpenAI base URL adds `/v1`).
   */
  listen(options?: ListenOptions): Promise<string>;
  /** Refuses new requests, cancels running teams, lets their responses end, then closes every connection. */
  close(): Promise<void>;
}

const created = Math.floor(Date.now() / 1000);

/** An OpenAI-compatible HTTP server in front of MassGen teams (node:http, no framework). */
export function createMassGenServer(options: MassGenServerOptions): MassGenServer {
  const limits = resolveServerLimits(options.limits);
  const log = options.log ?? (() => {});
  const authorised = createBearerCheck(options.apiKey);
  const runs = new Set<AbortController>();
  const handlers = new Set<Promise<void>>();
  let closing: Promise<void> | undefined;
  let url: string | undefined;

  const runOptions = options.run ?? {};
  const backends = new BackendCache({
    log,
    ...(runOptions.cwd === undefined ? {} : { cwd: runOptions.cwd }),
    ...(runOptions.pluginSearchPaths === undefined ? {} : { pluginSearchPaths: runOptions.pluginSearchPaths }),
    ...(runOptions.pluginConditions === undefined ? {} : { pluginConditions: runOptions.pluginConditions }),
  });
  const completions = new LiveCompletions();
  const chatContext: ChatCompletionsContext = {
    completions,
    models: options.models,
    backends,
    schema: createChatRequestSchema(limits.maxMessages),
    limits,
    gate: new ConcurrencyGate(limits.maxConcurrentRuns),
    runOptions,
    ...(runOptions.record === false
      ? {}
      : {
          sessions: new ServedSessions(
            sessionsRoot(runOptions.cwd ?? process.cwd()),
            runOptions.historyTokens ?? defaultHistoryTokens,
          ),
        }),
    trackRun: (controller) => {
      runs.add(controller);
      return () => runs.delete(controller);
    },
    log,
  };

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = pathOf(request.url);
    const method = request.method ?? 'GET';
    if (path === '/health') {
      if (method !== 'GET' && method !== 'HEAD')
        return sendApiError(response, methodNotAllowed(method, path, 'GET, HEAD'));
      return sendJson(response, 200, { status: closing === undefined ? 'ok' : 'closing' });
    }
    const isModels = path === '/v1/models' || path.startsWith('/v1/models/');
    const messageTo = /^\/v1\/chat\/completions\/([^/]+)\/messages$/.exec(path)?.[1];
    if (!isModels && path !== '/v1/chat/completions' && messageTo === undefined) {
      return sendApiError(response, {
        status: 404,
        type: 'invalid_request_error',
        message: `Unknown URL: ${method} ${path}. This server serves /v1/chat/completions, /v1/chat/completions/{id}/messages, /v1/models and /health.`,
        param: null,
        code: 'unknown_url',
      });
    }
    if (!authorised(request.headers.authorization))
      return sendApiError(response, unauthorised(request.headers.authorization));
    if (isModels) {
      if (method !== 'GET') return sendApiError(response, methodNotAllowed(method, path, 'GET'));
      return sendModels(response, path);
    }
    if (method !== 'POST') return sendApiError(response, methodNotAllowed(method, path, 'POST'));
    if (messageTo !== undefined)
      return handleCompletionMessage(request, response, {
        completions,
        completionId: safeDecode(messageTo) ?? messageTo,
        maxBodyBytes: limits.maxBodyBytes,
      });
    if (closing !== undefined)
      return sendApiError(response, {
        status: 503,
        type: 'server_error',
        message: 'The server is shutting down.',
        param: null,
        code: 'server_shutting_down',
      });
    return handleChatCompletions(request, response, chatContext);
  }

  function sendModels(response: ServerResponse, path: string): void {
    const describe = (id: string) => ({ id, object: 'model', created, owned_by: 'massgen' });
    if (path === '/v1/models')
      return sendJson(response, 200, {
        object: 'list',
        data: options.models.list().map((model) => describe(model.id)),
      });
    const id = safeDecode(path.slice('/v1/models/'.length));
    const model = id === undefined ? undefined : options.models.resolve(id);
    if (model === undefined)
      return sendApiError(response, {
        status: 404,
        type: 'invalid_request_error',
        message: `The model "${id ?? path}" does not exist on this server.`,
        param: 'model',
        code: 'model_not_found',
      });
    sendJson(response, 200, describe(model.id));
  }

  const http = createServer(
    { requestTimeout: limits.requestTimeoutMs, headersTimeout: Math.min(60_000, limits.requestTimeoutMs) },
    (request, response) => {
      const handling = route(request, response)
        .catch((error: unknown) => {
          log(
            `The server failed on ${request.method ?? ''} ${pathOf(request.url)}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
          );
          if (response.headersSent) response.destroy();
          else sendApiError(response, internalError());
        })
        .finally(() => handlers.delete(handling));
      handlers.add(handling);
    },
  );
  http.on('clientError', answerMalformedRequest);
  applyConnectionDeadlines(http, limits);

  return {
    http,
    get url() {
      return url;
    },
    get activeRuns() {
      return chatContext.gate.active;
    },
    idle: () => chatContext.gate.idle(),
    async listen(listenOptions = {}) {
      const host = listenOptions.host ?? '127.0.0.1';
      for (const model of options.models.list()) {
        for (const warning of model.config.warnings)
          log(`warning: model ${model.id}: ${warning.path === undefined ? '' : `${warning.path}: `}${warning.message}`);
      }
      await backends.prepare(options.models.list());
      return new Promise((resolve, reject) => {
        http.once('error', reject);
        http.listen(listenOptions.port ?? 4000, host, () => {
          http.off('error', reject);
          const { port } = http.address() as AddressInfo;
          url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
          resolve(url);
        });
      });
    },
    close() {
      closing ??= (async () => {
        for (const controller of runs) controller.abort();
        const stopped = new Promise<void>((resolve) => http.close(() => resolve()));
        await Promise.allSettled([...handlers]);
        http.closeAllConnections();
        await stopped;
      })();
      return closing;
    },
  };
}

/** A server that is listening, so its URL is known. */
export type StartedMassGenServer = MassGenServer & { readonly url: string };

/** Starts a server; the defaults bind 127.0.0.1:4000. */
export async function startMassGenServer(options: MassGenServerOptions & ListenOptions): Promise<StartedMassGenServer> {
  const server = createMassGenServer(options);
  await server.listen({
    ...(options.host === undefined ? {} : { host: options.host }),
    ...(options.port === undefined ? {} : { port: options.port }),
  });
  return server as StartedMassGenServer;
}

function pathOf(rawUrl: string | undefined): string {
  const path = (rawUrl ?? '/').split('?', 1)[0] ?? '/';
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

function unauthorised(authorization: string | undefined): ApiError {
  return {
    status: 401,
    type: 'invalid_request_error',
    message:
      authorization === undefined
        ? 'This server needs an API key: send it as "Authorization: Bearer <key>".'
        : 'Incorrect API key provided.',
    param: null,
    code: 'invalid_api_key',
    headers: { 'www-authenticate': 'Bearer' },
  };
}

function methodNotAllowed(method: string, path: string, allow: string): ApiError {
  return {
    status: 405,
    type: 'invalid_request_error',
    message: `${method} is not allowed on ${path}; use ${allow}.`,
    param: null,
    code: 'method_not_allowed',
    headers: { allow },
  };
}

/** Node's parser rejected the request before any handler saw it; answer in the same JSON shape, then hang up. */
function answerMalformedRequest(error: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(
    errorBody({
      status,
      type: 'invalid_request_error',
      message: 'The HTTP request could not be parsed.',
      param: null,
      code: 'malformed_request',
    }),
  );
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}
