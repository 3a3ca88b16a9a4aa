import type { ServerResponse } from 'node:http';
import { buildCompletion, buildCompletionBody, buildStreamChunks } from './fake-openai-server-completion.js';
import { defaultErrorBody } from './fake-openai-server-errors.js';
import type {
  FakeChatRequest,
  FakeContentReply,
  FakeDropReply,
  FakeReply,
  FakeStallReply,
  FakeStreamErrorReply,
} from './fake-openai-server-types.js';
import { sendJson, waitWhileConnected } from './fake-server-http.js';
import { failStream, scriptedReplySender, chunkedStreamStart, type ReplySender } from './fake-stream-faults.js';
import { SseWriter } from './sse-writer.js';

export interface ReplySettings {
  chunkSize: number;
  /** Used when the reply does not set its own latency. */
  latencyMs: number;
  /** Pause between two stream chunks of a text or tool-call reply; 0 sends them back to back. */
  chunkIntervalMs?: number;
  /** Chunks a server sends before the completion's own (Azure's prompt filter results); they count as chunks. */
  leadingChunks?: ReadonlyArray<Record<string, unknown>>;
}

/** Every reply but a connection fault: what the Chat Completions and Responses routes each send their own way. */
export type OpenAIContentReply = FakeContentReply | FakeStreamErrorReply;

/** Writes a scripted reply in the wire format of one of the fake OpenAI server's routes. */
export type OpenAIReplySender = ReplySender<FakeChatRequest, FakeReply, ReplySettings>;

/** The body of the plain 500 a non-streaming request gets for a reply that fails mid-stream. */
export function streamFailureBody(failure: FakeStreamErrorReply): Record<string, unknown> {
  return { error: { type: 'server_error', code: null, param: null, ...failure.error } };
}

/** Opens the stream and writes its first `afterChunks` chunks. */
const streamFirstChunks = chunkedStreamStart<
  FakeChatRequest,
  ReplySettings,
  FakeDropReply | FakeStreamErrorReply | FakeStallReply
>((request, content, settings) => streamChunks(request, buildCompletion(request, content), settings));

/** Writes one scripted reply to the response, in the Chat Completions wire format the request asked for. */
export const sendReply: OpenAIReplySender = scriptedReplySender({
  errorBody: defaultErrorBody,
  start: streamFirstChunks,
  sendContent: sendChatContent,
});

async function sendChatContent(
  response: ServerResponse,
  request: FakeChatRequest,
  reply: OpenAIContentReply,
  settings: ReplySettings,
): Promise<void> {
  if (reply.type === 'stream-error') return failMidStream(response, request, reply, settings);
  const completion = buildCompletion(request, reply);
  if (!request.stream) return sendJson(response, 200, buildCompletionBody(completion));
  const writer = new SseWriter(response);
  writer.open();
  const interval = settings.chunkIntervalMs ?? 0;
  let first = true;
  for (const chunk of streamChunks(request, completion, settings)) {
    if (!first && interval > 0 && !(await waitWhileConnected(response, interval))) return;
    first = false;
    if (!(await writer.send(JSON.stringify(chunk)))) return;
  }
  return writer.end('[DONE]');
}

function streamChunks(
  request: FakeChatRequest,
  completion: ReturnType<typeof buildCompletion>,
  settings: ReplySettings,
): Array<Record<string, unknown>> {
  const chunks = buildStreamChunks(completion, { chunkSize: settings.chunkSize, includeUsage: includesUsage(request) });
  return [...(settings.leadingChunks ?? []), ...chunks];
}

function includesUsage(request: FakeChatRequest): boolean {
  const streamOptions = request.body['stream_options'];
  return (
    typeof streamOptions === 'object' &&
    streamOptions !== null &&
    (streamOptions as Record<string, unknown>)['include_usage'] === true
  );
}

/** Streams part of a reply, then an in-band error event; a non-streaming request gets a plain 500. */
async function failMidStream(
  response: ServerResponse,
  request: FakeChatRequest,
  failure: FakeStreamErrorReply,
  settings: ReplySettings,
): Promise<void> {
  const body = streamFailureBody(failure);
  if (!request.stream) return sendJson(response, 500, body);
  return failStream(
    () => streamFirstChunks(response, request, failure, settings),
    (writer) => writer.send(JSON.stringify(body)),
  );
}
