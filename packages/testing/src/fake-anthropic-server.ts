import type { IncomingMessage, ServerResponse } from 'node:http';
import { readAnthropicMedia } from './fake-anthropic-media.js';
import { anthropicErrorBody } from './fake-anthropic-server-errors.js';
import { sendAnthropicReply } from './fake-anthropic-server-reply.js';
import type {
  FakeAnthropicMessage,
  FakeAnthropicReply,
  FakeAnthropicRequest,
  FakeAnthropicServer,
  FakeAnthropicServerOptions,
  FakeAnthropicTool,
} from './fake-anthropic-server-types.js';
import { findAnthropicRequestProblem } from './fake-anthropic-server-validation.js';
import { startFakeHttpServer } from './fake-http-server.js';
import { lowerCaseHeaders, readBody, sendJson } from './fake-server-http.js';
import { echoResponder, fakeServerControls, readChunkSize, ScriptedReplies } from './fake-server-controls.js';
import { createRequestLog } from './request-log.js';

/** A message's text, sent as a string or as blocks. */
function messageText({ content }: FakeAnthropicMessage): string {
  if (typeof content === 'string') return content;
  return Array.isArray(content)
    ? content.map((block) => (block.type === 'text' ? (block.text ?? '') : '')).join('')
    : '';
}

const echoLastUserText = echoResponder(
  (request: FakeAnthropicRequest) => request.messages,
  messageText,
  'Hello from the fake Anthropic server.',
);

/** Anthropic's error for a failure of the server itself. */
function sendApiError(response: ServerResponse, message: string): void {
  sendJson(response, 500, anthropicErrorBody('api_error', message));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function systemText(system: unknown): string {
  if (typeof system === 'string') return system;
  if (!Array.isArray(system)) return '';
  return system.map((block) => (isRecord(block) && typeof block['text'] === 'string' ? block['text'] : '')).join('\n');
}

function toAnthropicRequest(
  index: number,
  url: URL,
  headers: Record<string, string>,
  body: Record<string, unknown>,
): FakeAnthropicRequest {
  const messages = Array.isArray(body['messages']) ? (body['messages'] as FakeAnthropicMessage[]) : [];
  return {
    index,
    body,
    headers,
    query: Object.fromEntries(url.searchParams.entries()),
    model: typeof body['model'] === 'string' ? body['model'] : '',
    system: systemText(body['system']),
    messages,
    tools: Array.isArray(body['tools']) ? (body['tools'] as FakeAnthropicTool[]) : [],
    stream: body['stream'] === true,
    media: readAnthropicMedia(messages).media,
  };
}

/**
 * Starts an HTTP server on 127.0.0.1 (a free port) that speaks the Anthropic Messages API closely
 * enough for the official `@anthropic-ai/sdk` (and the Claude Code CLI): named SSE events,
 * Anthropic's error bodies and headers, the request checks of the real API, and scripted faults.
 */
export async function createFakeAnthropicServer(
  options: FakeAnthropicServerOptions = {},
): Promise<FakeAnthropicServer> {
  const replies = new ScriptedReplies<FakeAnthropicRequest, FakeAnthropicReply>(options.responder ?? echoLastUserText);
  const log = createRequestLog<FakeAnthropicRequest>();
  let responseCount = 0;
  const delivery = {
    send: sendAnthropicReply,
    settings: { chunkSize: readChunkSize(options.chunkSize), latencyMs: options.latencyMs ?? 0 },
    fail: sendApiError,
  };
  const models = options.models ?? ['claude-fake-1'];

  /** Anthropic tells a missing key from a wrong one; the SDK sends `x-api-key`, or a bearer token. */
  function rejectKey(headers: Record<string, string>, response: ServerResponse): boolean {
    if (options.apiKey === undefined) return false;
    const key = headers['x-api-key'] ?? headers['authorization']?.replace(/^Bearer\s+/i, '');
    if (key === options.apiKey) return false;
    sendJson(
      response,
      401,
      anthropicErrorBody(
        'authentication_error',
        key === undefined ? 'x-api-key header is required' : 'invalid x-api-key',
      ),
    );
    return true;
  }

  async function readJsonBody(
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<Record<string, unknown> | undefined> {
    try {
      const body: unknown = JSON.parse(await readBody(request));
      if (isRecord(body)) return body;
    } catch {
      // Answered below, the same as a body that is not an object.
    }
    sendJson(
      response,
      400,
      anthropicErrorBody(
        'invalid_request_error',
        'There was an issue with the format or content of your request: the body must be a JSON object.',
      ),
    );
    return undefined;
  }

  async function handleMessages(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const headers = lowerCaseHeaders(request);
    const body = await readJsonBody(request, response);
    if (body === undefined) return;
    const messagesRequest = toAnthropicRequest(log.requests.length, url, headers, body);
    log.record(messagesRequest);
    if (rejectKey(headers, response)) return;
    if (headers['anthropic-version'] === undefined)
      return sendJson(
        response,
        400,
        anthropicErrorBody('invalid_request_error', 'anthropic-version: header is required'),
      );
    const problem = options.validate === false ? undefined : findAnthropicRequestProblem(messagesRequest);
    if (problem !== undefined) return sendJson(response, 400, anthropicErrorBody('invalid_request_error', problem));
    await replies.answer(response, messagesRequest, delivery);
  }

  /** Claude Code counts tokens before it sends a long conversation; a rough estimate serves it. */
  async function handleCountTokens(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const headers = lowerCaseHeaders(request);
    const body = await readJsonBody(request, response);
    if (body === undefined || rejectKey(headers, response)) return;
    const text = JSON.stringify([body['system'] ?? '', body['messages'] ?? [], body['tools'] ?? []]);
    sendJson(response, 200, { input_tokens: Math.max(1, Math.ceil(text.length / 4)) });
  }

  function handleModels(request: IncomingMessage, response: ServerResponse): void {
    if (rejectKey(lowerCaseHeaders(request), response)) return;
    const data = models.map((id) => ({ type: 'model', id, display_name: id, created_at: '2026-01-01T00:00:00Z' }));
    sendJson(response, 200, { data, has_more: false, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null });
  }

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    responseCount += 1;
    // Anthropic puts a request id on every response, errors included, for support requests.
    response.setHeader('request-id', `req_fake_${responseCount}`);
    const url = new URL(request.url ?? '/', 'http://localhost');
    const path = url.pathname.replace(/\/+$/, '');
    if (request.method === 'POST' && path === '/v1/messages') return handleMessages(request, response, url);
    if (request.method === 'POST' && path === '/v1/messages/count_tokens') return handleCountTokens(request, response);
    if (request.method === 'GET' && path === '/v1/models') return handleModels(request, response);
    sendJson(response, 404, anthropicErrorBody('not_found_error', `Not found: ${request.method ?? ''} ${path}`));
  }

  const http = await startFakeHttpServer({
    handle: route,
    fail: sendApiError,
  });

  return Object.assign(fakeServerControls(http, log, replies), { url: http.origin });
}
