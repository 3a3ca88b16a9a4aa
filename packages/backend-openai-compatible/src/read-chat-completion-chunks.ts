import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { OpenAISdk } from './load-openai-sdk.js';
import { decodeServerSentEvents } from './server-sent-events.js';

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
      let finished = false;
      try {
        let done = false;
        for await (const event of decodeServerSentEvents(response.body as unknown as AsyncIterable<Uint8Array>)) {
          if (done) continue;
          if (event.data.startsWith('[DONE]')) {
            done = true;
            continue;
          }
          const data = JSON.parse(event.data) as ChatCompletionChunk & { error?: unknown };
          if (data.error !== undefined && data.error !== null) throw new sdk.APIError(undefined, data.error as Record<string, unknown>, undefined, response.headers);
          yield data;
        }
        finished = true;
      } finally {
        if (!finished) controller.abort();
      }
    },
  };
}
