import type { ServerResponse } from 'node:http';
import { defaultAnthropicErrorBody } from './fake-anthropic-server-errors.js';
import { buildMessageBody, buildStreamEvents, type FakeAnthropicEvent } from './fake-anthropic-server-events.js';
import { buildResponseMessage } from './fake-anthropic-server-message.js';
import type {
  FakeAnthropicDropReply,
  FakeAnthropicReply,
  FakeAnthropicRequest,
  FakeAnthropicStallReply,
  FakeAnthropicStreamErrorReply,
} from './fake-anthropic-server-types.js';
import { sendJson, waitWhileConnected } from './fake-server-http.js';
import { failStream, sendConnectionFault } from './fake-stream-faults.js';
import { SseWriter } from './sse-writer.js';

export interface AnthropicReplySettings {
  chunkSize: number;
  /** Used when the reply does not set its own latency. */
  latencyMs: number;
}

const defaultPartialReply = { type: 'text', text: 'This answer is cut off before it ends.' } as const;

async function sendEvents(writer: SseWriter, events: readonly FakeAnthropicEvent[]): Promise<boolean> {
  for (const { event, data } of events) {
    if (!(await writer.sendEvent(event, JSON.stringify(data)))) return false;
  }
  return true;
}

type PartialReply = FakeAnthropicDropReply | FakeAnthropicStreamErrorReply | FakeAnthropicStallReply;

/** Opens the stream and writes its first `afterEvents` events; `undefined` once the client has gone. */
async function streamFirstEvents(
  response: ServerResponse,
  request: FakeAnthropicRequest,
  partial: PartialReply,
  settings: AnthropicReplySettings,
): Promise<SseWriter | undefined> {
  const writer = new SseWriter(response);
  writer.open();
  const events = buildStreamEvents(
    buildResponseMessage(request, partial.reply ?? defaultPartialReply),
    settings.chunkSize,
  );
  return (await sendEvents(writer, events.slice(0, partial.afterEvents))) ? writer : undefined;
}

/** Writes one scripted reply to the response, streamed or as one JSON body as the request asked. */
export async function sendAnthropicReply(
  response: ServerResponse,
  request: FakeAnthropicRequest,
  reply: FakeAnthropicReply,
  settings: AnthropicReplySettings,
): Promise<void> {
  if (!(await waitWhileConnected(response, reply.latencyMs ?? settings.latencyMs))) return;
  switch (reply.type) {
    case 'hang':
    case 'error':
    case 'drop':
    case 'stall':
      return sendConnectionFault<FakeAnthropicDropReply | FakeAnthropicStallReply>(response, reply, {
        streaming: request.stream,
        errorBody: defaultAnthropicErrorBody,
        start: (partial) => streamFirstEvents(response, request, partial, settings),
      });
    case 'stream-error': {
      const error = reply.error ?? { type: 'overloaded_error', message: 'Overloaded' };
      if (!request.stream) return sendJson(response, 529, { type: 'error', error });
      return failStream(
        () => streamFirstEvents(response, request, reply, settings),
        (writer) => writer.sendEvent('error', JSON.stringify({ type: 'error', error })),
      );
    }
    case 'text':
    case 'tool-use': {
      const message = buildResponseMessage(request, reply);
      if (!request.stream) return sendJson(response, 200, buildMessageBody(message));
      const writer = new SseWriter(response);
      writer.open();
      if (await sendEvents(writer, buildStreamEvents(message, settings.chunkSize))) await writer.end();
      return;
    }
  }
}
