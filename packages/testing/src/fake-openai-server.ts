import type { IncomingMessage, ServerResponse } from 'node:http';
import { azureChatCompletionsRoute, azureDeploymentOf } from './fake-azure-openai-route.js';
import { chatCompletionsRoute } from './fake-chat-completions-route.js';
import { startFakeHttpServer } from './fake-http-server.js';
import { createMediaGenerationRoutes } from './fake-openai-media-routes.js';
import { bearerKeyRejection, type FakeModelRoute } from './fake-openai-route.js';
import { openAIErrorBody } from './fake-openai-server-errors.js';
import type {
  FakeChatRequest,
  FakeOpenAIServer,
  FakeOpenAIServerOptions,
  FakeReply,
} from './fake-openai-server-types.js';
import { createResponsesRoute } from './fake-responses-route.js';
import { lowerCaseHeaders, readBody, sendJson } from './fake-server-http.js';
import { echoResponder, fakeServerControls, readChunkSize, ScriptedReplies } from './fake-server-controls.js';
import { createRequestLog } from './request-log.js';

/** Answers like a parrot: the last user message, when its content is text. */
const echoLastUserText = echoResponder(
  (request: FakeChatRequest) => request.messages,
  ({ content }) => (typeof content === 'string' ? content : ''),
  'Hello from the fake server.',
);

/** OpenAI's error for a failure of the server itself. */
function sendServerError(response: ServerResponse, message: string): void {
  sendJson(response, 500, openAIErrorBody(message, 'server_error', null));
}

/**
 * Starts an HTTP server on 127.0.0.1 (a free port) that speaks OpenAI's Chat Completions and
 * Responses APIs, its images and speech endpoints, and Azure OpenAI's deployment routes, closely enough for the official `openai`
 * SDK, with scripted replies and faults. One queue and one responder serve every route.
 */
export async function createFakeOpenAIServer(options: FakeOpenAIServerOptions = {}): Promise<FakeOpenAIServer> {
  const replies = new ScriptedReplies<FakeChatRequest, FakeReply>(options.responder ?? echoLastUserText);
  const log = createRequestLog<FakeChatRequest>();
  const replySettings = {
    chunkSize: readChunkSize(options.chunkSize),
    latencyMs: options.latencyMs ?? 0,
    ...(options.chunkIntervalMs === undefined ? {} : { chunkIntervalMs: options.chunkIntervalMs }),
  };
  const models = options.models ?? ['fake-model'];
  const responsesRoute = createResponsesRoute();
  const azureRoute = azureChatCompletionsRoute(options.azureDeployments);
  const mediaRoutes = createMediaGenerationRoutes(options.apiKey);

  async function handleModelRequest(
    request: IncomingMessage,
    response: ServerResponse,
    route: FakeModelRoute,
    url: URL,
  ): Promise<void> {
    const headers = lowerCaseHeaders(request);
    const text = await readBody(request);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return sendJson(
        response,
        400,
        openAIErrorBody('We could not parse the JSON body of your request.', 'invalid_request_error', null),
      );
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return sendJson(
        response,
        400,
        openAIErrorBody('The request body must be a JSON object.', 'invalid_request_error', null),
      );
    }
    const modelRequest: FakeChatRequest = {
      index: log.requests.length,
      api: route.api,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: body as Record<string, unknown>,
      headers,
      ...route.view(body as Record<string, unknown>),
    };
    log.record(modelRequest);
    const rejection =
      (options.apiKey === undefined ? undefined : route.checkKey(headers, options.apiKey)) ??
      route.validate(modelRequest);
    if (rejection !== undefined) return sendJson(response, rejection.status, rejection.body);
    await replies.answer(response, modelRequest, { send: route.send, settings: replySettings, fail: sendServerError });
  }

  function handleModels(request: IncomingMessage, response: ServerResponse): void {
    const rejection =
      options.apiKey === undefined ? undefined : bearerKeyRejection(lowerCaseHeaders(request), options.apiKey);
    if (rejection !== undefined) return sendJson(response, rejection.status, rejection.body);
    const created = Math.floor(Date.now() / 1000);
    sendJson(response, 200, {
      object: 'list',
      data: models.map((id) => ({ id, object: 'model', created, owned_by: 'massgen-testing' })),
    });
  }

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const path = url.pathname.replace(/\/+$/, '');
    if (request.method === 'POST' && path === '/v1/chat/completions')
      return handleModelRequest(request, response, chatCompletionsRoute, url);
    if (request.method === 'POST' && path === '/v1/responses')
      return handleModelRequest(request, response, responsesRoute, url);
    if (request.method === 'POST' && azureDeploymentOf(path) !== undefined)
      return handleModelRequest(request, response, azureRoute, url);
    if (request.method === 'GET' && path === '/v1/models') return handleModels(request, response);
    if (mediaRoutes.handles(request.method, path)) return mediaRoutes.handle(request, response, path);
    sendJson(
      response,
      404,
      openAIErrorBody(`Invalid URL (${request.method ?? ''} ${path})`, 'invalid_request_error', null),
    );
  }

  const http = await startFakeHttpServer({
    handle: route,
    fail: sendServerError,
  });

  return Object.assign(fakeServerControls(http, log, replies), {
    url: `${http.origin}/v1`,
    origin: http.origin,
    mediaRequests: mediaRoutes.requests,
  });
}
