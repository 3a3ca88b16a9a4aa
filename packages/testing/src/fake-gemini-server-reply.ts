import type { ServerResponse } from 'node:http';
import { defaultGeminiErrorBody, googleJsonHeaders } from './fake-gemini-server-errors.js';
import {
  buildBlockedResponse,
  buildGeminiCompletion,
  buildGeminiResponseBody,
  buildGeminiStreamChunks,
} from './fake-gemini-server-response.js';
import type {
  FakeGeminiBlockedReply,
  FakeGeminiChunksReply,
  FakeGeminiDropReply,
  FakeGeminiFunctionCallsReply,
  FakeGeminiReply,
  FakeGeminiRequest,
  FakeGeminiStallReply,
  FakeGeminiStreamErrorReply,
  FakeGeminiTextReply,
} from './fake-gemini-server-types.js';
import { sendJson } from './fake-server-http.js';
import { failStream, scriptedReplySender, chunkedStreamStart, type ReplySender } from './fake-stream-faults.js';
import { SseWriter } from './sse-writer.js';

export interface GeminiReplySettings {
  chunkSize: number;
  latencyMs: number;
}

type ContentReply =
  | FakeGeminiTextReply
  | FakeGeminiFunctionCallsReply
  | FakeGeminiChunksReply
  | FakeGeminiBlockedReply
  | FakeGeminiStreamErrorReply;

/**
 * Sends chunks the way the request asked: server-sent events with Google's CRLF line ends for
 * `alt=sse`, one JSON array for a `streamGenerateContent` without it (as Google does).
 */
async function sendChunks(
  response: ServerResponse,
  request: FakeGeminiRequest,
  chunks: Array<Record<string, unknown>>,
): Promise<void> {
  if (!request.stream) return sendJson(response, 200, chunks, googleJsonHeaders);
  const writer = new SseWriter(response, '\r\n');
  writer.open();
  if (await writer.sendJsonEach(chunks)) await writer.end();
}

/** Opens the event stream and writes its first `afterChunks` chunks, with Google's CRLF line ends. */
const streamFirstChunks = chunkedStreamStart<
  FakeGeminiRequest,
  GeminiReplySettings,
  FakeGeminiDropReply | FakeGeminiStreamErrorReply | FakeGeminiStallReply
>(
  (request, content, settings) => buildGeminiStreamChunks(buildGeminiCompletion(request, content), settings.chunkSize),
  '\r\n',
);

/** Writes one scripted reply to the response, in the wire format of the method called. */
export const sendGeminiReply: ReplySender<FakeGeminiRequest, FakeGeminiReply, GeminiReplySettings> =
  scriptedReplySender({
    errorBody: defaultGeminiErrorBody,
    errorHeaders: googleJsonHeaders,
    start: streamFirstChunks,
    sendContent,
  });

async function sendContent(
  response: ServerResponse,
  request: FakeGeminiRequest,
  reply: ContentReply,
  settings: GeminiReplySettings,
): Promise<void> {
  const unary = request.method === 'generateContent';
  switch (reply.type) {
    case 'stream-error':
      return failMidStream(response, request, reply, settings);
    case 'blocked': {
      const body = buildBlockedResponse(request, reply.blockReason ?? 'SAFETY');
      return unary ? sendJson(response, 200, body, googleJsonHeaders) : sendChunks(response, request, [body]);
    }
    case 'chunks':
      return unary
        ? sendJson(response, 200, reply.chunks[reply.chunks.length - 1] ?? {}, googleJsonHeaders)
        : sendChunks(response, request, reply.chunks);
    case 'text':
    case 'function-calls': {
      const completion = buildGeminiCompletion(request, reply);
      if (unary) return sendJson(response, 200, buildGeminiResponseBody(completion), googleJsonHeaders);
      return sendChunks(response, request, buildGeminiStreamChunks(completion, settings.chunkSize));
    }
  }
}

/** Streams part of a reply, then Google's error object as one more event; a unary request gets the error status. */
async function failMidStream(
  response: ServerResponse,
  request: FakeGeminiRequest,
  failure: FakeGeminiStreamErrorReply,
  settings: GeminiReplySettings,
): Promise<void> {
  const body = { error: failure.error };
  if (!request.stream) return sendJson(response, failure.error.code, body, googleJsonHeaders);
  return failStream(
    () => streamFirstChunks(response, request, failure, settings),
    (writer) => writer.send(JSON.stringify(body)),
  );
}
