import type { ServerResponse } from 'node:http';
import { defaultErrorBody } from './fake-openai-server-errors.js';
import {
  streamFailureBody,
  type OpenAIContentReply,
  type OpenAIReplySender,
  type ReplySettings,
} from './fake-openai-server-reply.js';
import type {
  FakeChatRequest,
  FakeContentReply,
  FakeDropReply,
  FakeStallReply,
  FakeStreamErrorReply,
} from './fake-openai-server-types.js';
import type { ResponsesOutput } from './fake-responses-events.js';
import { sendJson } from './fake-server-http.js';
import { cutOffText, failStream, scriptedReplySender } from './fake-stream-faults.js';
import { SseWriter } from './sse-writer.js';

/** Builds (and lets the server remember) the response a content reply to a request stands for. */
export type ResponsesOutputBuilder = (
  request: FakeChatRequest,
  reply: FakeContentReply,
  settings: ReplySettings,
) => ResponsesOutput;

/** Opens the stream and writes its first `count` events; `undefined` once the client has gone. */
async function streamFirstEvents(
  response: ServerResponse,
  events: readonly Record<string, unknown>[],
  count: number,
): Promise<SseWriter | undefined> {
  return SseWriter.start(response, async (writer) => {
    for (const event of events.slice(0, count)) {
      if (!(await writer.sendEvent(String(event['type']), JSON.stringify(event)))) return false;
    }
    return true;
  });
}

/** The in-band failure: `response.failed` with the error inside the response, or a bare `error` event. */
function failureEvent(
  output: ResponsesOutput,
  failure: FakeStreamErrorReply,
  sequenceNumber: number,
): Record<string, unknown> {
  const code = failure.error.code ?? 'server_error';
  if (failure.event === 'error') {
    return { type: 'error', sequence_number: sequenceNumber, code, message: failure.error.message, param: null };
  }
  return {
    type: 'response.failed',
    sequence_number: sequenceNumber,
    response: { ...output.initial, status: 'failed', error: { code, message: failure.error.message } },
  };
}

/**
 * The reply sender of a Responses route: named server-sent events with no `[DONE]` at the end for a
 * stream, the response object otherwise, and the same faults as the Chat Completions route, counted
 * in events.
 */
export function responsesReplySender(build: ResponsesOutputBuilder): OpenAIReplySender {
  return scriptedReplySender<FakeChatRequest, ReplySettings, FakeDropReply | FakeStallReply, OpenAIContentReply>({
    errorBody: defaultErrorBody,
    start: (response, request, partial, settings) =>
      streamFirstEvents(response, build(request, partial.reply ?? cutOffText, settings).events, partial.afterChunks),
    sendContent: (response, request, content, settings) =>
      sendResponsesContent(response, request, content, (answer) => build(request, answer, settings)),
  });
}

async function sendResponsesContent(
  response: ServerResponse,
  request: FakeChatRequest,
  reply: OpenAIContentReply,
  build: (reply: FakeContentReply) => ResponsesOutput,
): Promise<void> {
  if (reply.type !== 'stream-error') {
    const output = build(reply);
    if (!request.stream) return sendJson(response, 200, output.final);
    const writer = await streamFirstEvents(response, output.events, output.events.length);
    return writer?.end();
  }
  if (!request.stream) return sendJson(response, 500, streamFailureBody(reply));
  const output = build(reply.reply ?? cutOffText);
  const event = failureEvent(output, reply, Math.min(reply.afterChunks, output.events.length));
  return failStream(
    () => streamFirstEvents(response, output.events, reply.afterChunks),
    (writer) => writer.sendEvent(String(event['type']), JSON.stringify(event)),
  );
}
