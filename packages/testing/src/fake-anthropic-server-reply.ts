import type { ServerResponse } from 'node:http';
import { defaultAnthropicErrorBody } from './fake-anthropic-server-errors.js';
import { buildMessageBody, buildStreamEvents, type FakeAnthropicEvent } from './fake-anthropic-server-events.js';
import { buildResponseMessage, type FakeResponseMessage } from './fake-anthropic-server-message.js';
import type {
  FakeAnthropicDropReply,
  FakeAnthropicReply,
  FakeAnthropicRequest,
  FakeAnthropicStallReply,
  FakeAnthropicStreamErrorReply,
  FakeAnthropicTextReply,
  FakeAnthropicToolUseReply,
} from './fake-anthropic-server-types.js';
import { sendJson } from './fake-server-http.js';
import { cutOffText, failStream, scriptedReplySender, type ReplySender } from './fake-stream-faults.js';
import { SseWriter } from './sse-writer.js';

export interface AnthropicReplySettings {
  chunkSize: number;
  /** Used when the reply does not set its own latency. */
  latencyMs: number;
}

async function sendEvents(writer: SseWriter, events: readonly FakeAnthropicEvent[]): Promise<boolean> {
  for (const { event, data } of events) {
    if (!(await writer.sendEvent(event, JSON.stringify(data)))) return false;
  }
  return true;
}

type ContentReply = FakeAnthropicTextReply | FakeAnthropicToolUseReply | FakeAnthropicStreamErrorReply;

type PartialReply = FakeAnthropicDropReply | FakeAnthropicStreamErrorReply | FakeAnthropicStallReply;

/** Opens the stream and writes its first `afterEvents` events; `undefined` once the client has gone. */
async function streamFirstEvents(
  response: ServerResponse,
  request: FakeAnthropicRequest,
  partial: PartialReply,
  settings: AnthropicReplySettings,
): Promise<SseWriter | undefined> {
  const events = buildStreamEvents(buildResponseMessage(request, partial.reply ?? cutOffText), settings.chunkSize);
  return SseWriter.start(response, (writer) => sendEvents(writer, events.slice(0, partial.afterEvents)));
}

/** Writes one scripted reply to the response, streamed or as one JSON body as the request asked. */
export const sendAnthropicReply: ReplySender<FakeAnthropicRequest, FakeAnthropicReply, AnthropicReplySettings> =
  scriptedReplySender({
    errorBody: defaultAnthropicErrorBody,
    start: streamFirstEvents,
    sendContent: (response, request, content: ContentReply, settings) =>
      content.type === 'stream-error'
        ? failMidStream(response, request, content, settings)
        : sendMessage(response, request.stream, buildResponseMessage(request, content), settings.chunkSize),
  });

/** Streams part of a reply, then Anthropic's in-band error event; a unary request gets a plain 529. */
async function failMidStream(
  response: ServerResponse,
  request: FakeAnthropicRequest,
  failure: FakeAnthropicStreamErrorReply,
  settings: AnthropicReplySettings,
): Promise<void> {
  const error = failure.error ?? { type: 'overloaded_error', message: 'Overloaded' };
  if (!request.stream) return sendJson(response, 529, { type: 'error', error });
  return failStream(
    () => streamFirstEvents(response, request, failure, settings),
    (writer) => writer.sendEvent('error', JSON.stringify({ type: 'error', error })),
  );
}

/** Sends a whole message: one JSON body, or every event of its stream. */
async function sendMessage(
  response: ServerResponse,
  streaming: boolean,
  message: FakeResponseMessage,
  chunkSize: number,
): Promise<void> {
  if (!streaming) return sendJson(response, 200, buildMessageBody(message));
  const writer = new SseWriter(response);
  writer.open();
  if (await sendEvents(writer, buildStreamEvents(message, chunkSize))) await writer.end();
}
