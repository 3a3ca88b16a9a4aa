import type { IncomingMessage, ServerResponse } from 'node:http';
import { readGeminiMedia } from './fake-gemini-media.js';
import { startFakeHttpServer } from './fake-http-server.js';
import { fakeGeminiErrors, googleErrorBody, googleJsonHeaders } from './fake-gemini-server-errors.js';
import { sendGeminiReply } from './fake-gemini-server-reply.js';
import { builtInToolsOf, toolCombinationProblem } from './fake-gemini-server-tools.js';
import type {
  FakeGeminiContent,
  FakeGeminiFunctionDeclaration,
  FakeGeminiReply,
  FakeGeminiRequest,
  FakeGeminiServer,
  FakeGeminiServerOptions,
} from './fake-gemini-server-types.js';
import { lowerCaseHeaders, readBody, sendJson } from './fake-server-http.js';
import { echoResponder, fakeServerControls, readChunkSize, ScriptedReplies } from './fake-server-controls.js';
import { createRequestLog } from './request-log.js';

/** The text of a content, or `undefined` when none of its parts is text. */
function contentText({ parts }: FakeGeminiContent): string | undefined {
  return parts.some((part) => typeof part.text === 'string')
    ? parts.map((part) => part.text ?? '').join('')
    : undefined;
}

const echoLastUserText = echoResponder(
  (request: FakeGeminiRequest) => request.contents,
  contentText,
  'Hello from the fake Gemini server.',
);

/** Google's error for a failure of the server itself. */
function sendInternalError(response: ServerResponse, message: string): void {
  sendJson(response, 500, googleErrorBody(500, 'INTERNAL', message), googleJsonHeaders);
}

/** `/v1beta/models/gemini-2.5-flash:streamGenerateContent` → its version, model and method. */
const modelPathPattern = /^\/(v\d+(?:alpha|beta)?\d*)\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return isRecord(value) ? value : undefined;
}

function functionDeclarations(tools: unknown): FakeGeminiFunctionDeclaration[] {
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((tool) => {
    const declarations = asRecord(tool)?.['functionDeclarations'];
    return Array.isArray(declarations) ? (declarations as FakeGeminiFunctionDeclaration[]) : [];
  });
}

function toGeminiRequest(
  index: number,
  route: { apiVersion: string; model: string; method: FakeGeminiRequest['method'] },
  query: URLSearchParams,
  headers: Record<string, string>,
  body: Record<string, unknown>,
): FakeGeminiRequest {
  const systemInstruction = asRecord(body['systemInstruction']);
  const contents = Array.isArray(body['contents']) ? (body['contents'] as FakeGeminiContent[]) : [];
  return {
    index,
    method: route.method,
    stream: route.method === 'streamGenerateContent' && query.get('alt') === 'sse',
    apiVersion: route.apiVersion,
    model: route.model,
    query: Object.fromEntries(query.entries()),
    headers,
    body,
    contents,
    systemInstruction:
      systemInstruction === undefined ? undefined : (systemInstruction as unknown as FakeGeminiContent),
    functionDeclarations: functionDeclarations(body['tools']),
    generationConfig: asRecord(body['generationConfig']) ?? {},
    toolConfig: asRecord(body['toolConfig']),
    builtInTools: builtInToolsOf(body['tools']),
    media: readGeminiMedia(contents).media,
  };
}

/**
 * Starts an HTTP server on 127.0.0.1 (a free port) that speaks the Gemini API's
 * `generateContent` and `streamGenerateContent` wire protocol closely enough for the official
 * `@google/genai` SDK, with scripted replies, Google's error bodies and stream faults.
 */
export async function createFakeGeminiServer(options: FakeGeminiServerOptions = {}): Promise<FakeGeminiServer> {
  const replies = new ScriptedReplies<FakeGeminiRequest, FakeGeminiReply>(options.responder ?? echoLastUserText);
  const log = createRequestLog<FakeGeminiRequest>();
  const delivery = {
    send: sendGeminiReply,
    settings: { chunkSize: readChunkSize(options.chunkSize), latencyMs: options.latencyMs ?? 0 },
    fail: sendInternalError,
  };

  /** Google tells a missing key (403) from a wrong one (400) apart; so does the fake. */
  function authorised(request: FakeGeminiRequest, response: ServerResponse): boolean {
    if (options.apiKey === undefined) return true;
    const key = request.headers['x-goog-api-key'] ?? request.query['key'];
    if (key === options.apiKey) return true;
    const rejection = key === undefined ? fakeGeminiErrors.missingApiKey() : fakeGeminiErrors.invalidApiKey();
    sendJson(response, rejection.status, rejection.body, rejection.headers);
    return false;
  }

  async function handleModelCall(
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    match: RegExpExecArray,
  ): Promise<void> {
    const [, apiVersion = '', model = '', method = 'generateContent'] = match;
    const headers = lowerCaseHeaders(request);
    let body: unknown;
    try {
      body = JSON.parse(await readBody(request));
    } catch {
      return sendJson(
        response,
        400,
        googleErrorBody(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received. Unexpected token.'),
        googleJsonHeaders,
      );
    }
    if (!isRecord(body)) {
      return sendJson(
        response,
        400,
        googleErrorBody(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received. Expected an object.'),
        googleJsonHeaders,
      );
    }
    const routeInfo = { apiVersion, model: decodeURIComponent(model), method: method as FakeGeminiRequest['method'] };
    const geminiRequest = toGeminiRequest(log.requests.length, routeInfo, url.searchParams, headers, body);
    log.record(geminiRequest);
    if (!authorised(geminiRequest, response)) return;
    if (geminiRequest.contents.length === 0) {
      return sendJson(
        response,
        400,
        googleErrorBody(400, 'INVALID_ARGUMENT', '* GenerateContentRequest.contents: contents is not specified\n'),
        googleJsonHeaders,
      );
    }
    const combinationProblem = toolCombinationProblem(geminiRequest);
    if (combinationProblem !== undefined) {
      return sendJson(response, 400, googleErrorBody(400, 'INVALID_ARGUMENT', combinationProblem), googleJsonHeaders);
    }
    const mediaProblem = readGeminiMedia(geminiRequest.contents).problem;
    if (mediaProblem !== undefined) {
      return sendJson(response, 400, googleErrorBody(400, 'INVALID_ARGUMENT', mediaProblem), googleJsonHeaders);
    }
    await replies.answer(response, geminiRequest, delivery);
  }

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const match = modelPathPattern.exec(url.pathname);
    if (request.method === 'POST' && match !== null) return handleModelCall(request, response, url, match);
    sendJson(
      response,
      404,
      googleErrorBody(404, 'NOT_FOUND', `The requested URL ${url.pathname} was not found on this server.`),
      googleJsonHeaders,
    );
  }

  const http = await startFakeHttpServer({
    handle: route,
    fail: sendInternalError,
  });

  return Object.assign(fakeServerControls(http, log, replies), { url: http.origin });
}
