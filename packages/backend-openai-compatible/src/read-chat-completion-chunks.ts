import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { OpenAISdk } from './load-openai-sdk.js';
import { ServerSentEventDecoder } from './server-sent-events.js';
import type { ServerSentEvent } from './server-sent-events.js';

/** Chat completion chunks, with the controller that ends their request. */
export type ChatCompletionChunks = AsyncIterable<ChatCompletionChunk> & { controller: AbortController };

/**
 * The chunks of a streamed Chat Completions response, read as the SDK's own stream reads them:
 * `[DONE]` ends them (the rest of the body is still read, so the connection can be reused), and
 * an event that carries `error` is thrown as the SDK's `APIError`. Leaving early aborts the request.
 */
export function readChatCompletionChunks(response: Response, sdk: Pick<OpenAISdk, 'APIError' | 'OpenAIError'>, controller: AbortController): ChatCompletionChunks {
  return {
    controller,
    async *[Symbol.asyncIterator]() {
      if (response.body === null) throw new sdk.OpenAIError('The streamed response has no body.');
      const decoder = new ServerSentEventDecoder();
      let done = false;
      // `[DONE]` ends the chunks, but not the reading: the rest of the body must go for the
      // connection to be reused.
      function* chunksOf(events: ServerSentEvent[]): Generator<ChatCompletionChunk> {
        for (const event of events) {
          if (done) return;
          if (event.data.startsWith('[DONE]')) {
            done = true;
            return;
          }
          const data = JSON.parse(event.data) as ChatCompletionChunk & { error?: unknown };
          if (data.error !== undefined && data.error !== null) throw new sdk.APIError(undefined, data.error as Record<string, unknown>, undefined, response.headers);
          yield data;
        }
      }
      let finished = false;
      try {
        for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) yield* chunksOf(decoder.decode(bytes));
        yield* chunksOf(decoder.end());
        finished = true;
      } finally {
        if (!finished) controller.abort();
      }
    },
  };
}
