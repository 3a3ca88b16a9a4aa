import { midResponseSilence, withSilenceTimeout } from '@massgen/backend-utils';

/**
 * An `openai` SDK stream that ends with a retryable `TIMEOUT` when the provider stays silent for
 * `timeoutMs` mid-response, aborting the request so no connection is left open. The SDK's own
 * timeout stops at the response headers.
 */
export function withSdkStreamTimeout<T>(
  stream: AsyncIterable<T> & { controller: AbortController },
  timeoutMs: number,
  providerName: string,
): AsyncIterableIterator<T> {
  return withSilenceTimeout(stream, timeoutMs, () => {
    stream.controller.abort();
    return midResponseSilence(providerName, timeoutMs);
  });
}
