import type { IncomingMessage, ServerResponse } from 'node:http';
import { startFakeHttpServer } from './fake-http-server.js';
import { openAIErrorBody } from './fake-openai-server-errors.js';
import { sendReply } from './fake-openai-server-reply.js';
import type {
  FakeChatMessage,
  FakeChatRequest,
  FakeChatTool,
  FakeOpenAIServer,
  FakeOpenAIServerOptions,
  FakeReply,
  FakeResponder,
} from './fake-openai-server-types.js';
import { lowerCaseHeaders, readBody, sendJson } from './fake-server-http.js';
import { createRequestLog } from './request-log.js';

/** Without scripting, the server answers like a parrot, so a smoke test needs no setup. */
const echoResponder: FakeResponder = (request) => {
  const lastUser = [...request.messages].reverse().find((message) => message.role === 'user');
  const content = typeof lastUser?.content === 'string' ? lastUser.content : '';
  return { type: 'text', text: content === '' ? 'Hello from the fake server.' : content };
};

function toChatRequest(index: number, body: Record<string, unknown>, headers: Record<string, string>): FakeChatRequest {
  return {
    index,
    body,
    headers,
    model: typeof body['model'] === 'string' ? body['model'] : '',
    messages: Array.isArray(body['messages']) ? (body['messages'] as FakeChatMessage[]) : [],
    tools: Array.isArray(body['tools']) ? (body['tools'] as FakeChatTool[]) : [],
    stream: body['stream'] === true,
  };
}

/**
 * Starts an HTTP server on 127.0.0.1 (a free port) that speaks the Chat Completions wire
 * protocol closely enough for the official `openai` SDK, with scripted replies and faults.
 */
export async function createFakeOpenAIServer(options: FakeOpenAIServerOptions = {}): Promise<FakeOpenAIServer> {
  const queue: FakeReply[] = [];
  const log = createRequestLog<FakeChatRequest>();
  let responder = options.responder ?? echoResponder;
  const chunkSize = options.chunkSize ?? 4;
  if (!Number.isInteger(chunkSize) || chunkSize < 1) throw new RangeError(`chunkSize must be a positive integer, got ${String(options.chunkSize)}`);
  const models = options.models ?? ['fake-model'];

  function authorised(headers: Record<string, string>, response: ServerResponse): boolean {
    if (options.apiKey === undefined) return true;
    const authorization = headers['authorization'];
    if (authorization === `Bearer ${options.apiKey}`) return true;
    const message =
      authorization === undefined
        ? "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth."
        : 'Incorrect API key provided.';
    sendJson(response, 401, openAIErrorBody(message, 'invalid_request_error', 'invalid_api_key'));
    return false;
  }

  async function handleChat(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const headers = lowerCaseHeaders(request);
    const text = await readBody(request);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return sendJson(response, 400, openAIErrorBody('We could not parse the JSON body of your request.', 'invalid_request_error', null));
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return sendJson(response, 400, openAIErrorBody('The request body must be a JSON object.', 'invalid_request_error', null));
    }
    const chatRequest = toChatRequest(log.requests.length, body as Record<string, unknown>, headers);
    log.record(chatRequest);
    if (!authorised(headers, response)) return;
    if (chatRequest.model === '') {
      return sendJson(response, 400, openAIErrorBody('You must provide a model parameter.', 'invalid_request_error', null, 'model'));
    }
    if (!Array.isArray(chatRequest.body['messages'])) {
      return sendJson(response, 400, openAIErrorBody("Missing required parameter: 'messages'.", 'invalid_request_error', 'missing_required_parameter', 'messages'));
    }
    let reply: FakeReply;
    try {
      reply = queue.shift() ?? (await responder(chatRequest, { index: chatRequest.index }));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return sendJson(response, 500, openAIErrorBody(`The fake server's responder failed: ${reason}`, 'server_error', null));
    }
    await sendReply(response, chatRequest, reply, { chunkSize, latencyMs: reply.latencyMs ?? options.latencyMs ?? 0 });
  }

  function handleModels(request: IncomingMessage, response: ServerResponse): void {
    if (!authorised(lowerCaseHeaders(request), response)) return;
    const created = Math.floor(Date.now() / 1000);
    sendJson(response, 200, { object: 'list', data: models.map((id) => ({ id, object: 'model', created, owned_by: 'massgen-testing' })) });
  }

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname.replace(/\/+$/, '');
    if (request.method === 'POST' && path === '/v1/chat/completions') return handleChat(request, response);
    if (request.method === 'GET' && path === '/v1/models') return handleModels(request, response);
    sendJson(response, 404, openAIErrorBody(`Invalid URL (${request.method ?? ''} ${path})`, 'invalid_request_error', null));
  }

  const http = await startFakeHttpServer({
    handle: route,
    fail: (response, error) =>
      sendJson(response, 500, openAIErrorBody(`The fake server failed: ${error instanceof Error ? error.message : String(error)}`, 'server_error', null)),
  });

  return {
    url: `${http.origin}/v1`,
    requests: log.requests,
    get activeResponses() {
      return http.activeResponses;
    },
    enqueue(...replies) {
      queue.push(...replies);
    },
    setResponder(next) {
      responder = next;
    },
    waitForRequests: log.waitForRequests,
    idle: http.idle,
    close: http.close,
  };
}
