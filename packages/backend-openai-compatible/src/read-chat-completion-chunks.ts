import { Readable } from 'node:stream';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { OpenAISdk } from './load-openai-sdk.js';
import { ServerSentEventDecoder } from './server-sent-events.js';
import type { ServerSentEvent } from './server-sent-events.js';

/** Chat completion chunks, with the controller that ends their request. */
export type ChatCompletionChunks = AsyncIterable<ChatCompletionChunk> & { controller: AbortController };

/**
 * The chunks of a streamed Chat Completions response, read as the SDK's own stream reads them,
 * except that they end at `[DONE]` rather than at the end of the body, which comes later: the
 * answer is complete, and the rest of the body is read and dropped on the side so that the
 * connection can be reused (a server that keeps it open is cut off after `drainTimeoutMs`). An
 * event that carries `error` is thrown as the SDK's `APIError`. Leaving early aborts the request.
 */
export function readChatCompletionChunks(
  response: Response,
  sdk: Pick<OpenAISdk, 'APIError' | 'OpenAIError'>,
  controller: AbortController,
  drainTimeoutMs: number,
): ChatCompletionChunks {
  return {
    controller,
    async *[Symbol.asyncIterator]() {
      const body = response.body as unknown as AsyncIterable<Uint8Array> | null;
      if (body === null) throw new sdk.OpenAIError('The streamed response has no body.');
      const decoder = new ServerSentEventDecoder();
      let done = false;
      function* chunksOf(events: ServerSentEvent[]): Generator<ChatCompletionChunk> {
        for (const event of events) {
          if (event.data.startsWith('[DONE]')) {
            done = true;
            return;
          }
          const data = JSON.parse(event.data) as ChatCompletionChunk & { error?: unknown };
          if (data.error !== undefined && data.error !== null)
            throw new sdk.APIError(undefined, data.error as Record<string, unknown>, undefined, response.headers);
          yield data;
        }
      }
      let finished = false;
      try {
        // Leaving a Node stream's iterator would destroy the stream, and the connection with it.
        for await (const bytes of body instanceof Readable ? body.iterator({ destroyOnReturn: false }) : body) {
          yield* chunksOf(decoder.decode(bytes));
          if (done) break;
        }
        if (done) drain(body, controller, drainTimeoutMs);
        else yield* chunksOf(decoder.end());
        finished = true;
      } finally {
        if (!finished) controller.abort();
      }
    },
  };
}

function drain(body: AsyncIterable<Uint8Array>, controller: AbortController, timeoutMs: number): void {
  if (!(body instanceof Readable) || body.readableEnded || body.destroyed) return;
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  timer.unref();
  body.once('close', () => clearTimeout(timer));
  body.resume();
}
