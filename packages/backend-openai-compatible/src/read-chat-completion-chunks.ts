import { readEventStream, type EventStream } from '@massgen/backend-utils';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { OpenAISdk } from './load-openai-sdk.js';

/** Chat completion chunks, with the controller that ends their request. */
export type ChatCompletionChunks = EventStream<ChatCompletionChunk>;

/**
 * The chunks of a streamed Chat Completions response, read as the SDK's own stream reads them,
 * except that they end at `[DONE]` rather than at the end of the body, which comes later: the
 * answer is complete, and the rest of the body is read and dropped on the side so that the
 * connection can be reused (a server that keeps it open is cut off after `drainTimeoutMs`). An
 * event that carries `error` is thrown as the SDK's `APIError`. Leaving early aborts the request.
 */
export function readChatCompletionChunks(
  response: Response,
  sdk: Pick<OpenAISdk, 'APIError'>,
  controller: AbortController,
  drainTimeoutMs: number,
): ChatCompletionChunks {
  return readEventStream(response, {
    controller,
    drainTimeoutMs,
    isEnd: (event) => event.data.startsWith('[DONE]'),
    parse: (event) => {
      const data = JSON.parse(event.data) as ChatCompletionChunk & { error?: unknown };
      if (data.error !== undefined && data.error !== null)
        throw new sdk.APIError(undefined, data.error as Record<string, unknown>, undefined, response.headers);
      return data;
    },
  });
}
