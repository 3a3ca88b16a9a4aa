import { MassGenError } from '@massgen/core';

/**
 * Passes items through, but gives up when the source stays silent for `milliseconds`. The SDK's
 * own timeout stops at the response headers, so a server that stalls mid-stream would otherwise
 * hold an agent forever. `onIdle` must end the source (abort its request) and return the error
 * to throw, so that the pending read settles and nothing is left running.
 */
export async function* withIdleTimeout<T>(source: AsyncIterable<T>, milliseconds: number, onIdle: () => Error): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let finished = false;
  // The read in progress, failed by the timer; none while the consumer holds an item.
  let failRead: ((error: Error) => void) | undefined;
  // One timer for the stream, re-armed at every read: a timer and a race per item cost more than
  // the items of a fast stream.
  const timer = setTimeout(() => failRead?.(onIdle()), milliseconds);
  try {
    while (true) {
      timer.refresh();
      // After a timeout the abandoned read settles later, usually by rejecting; that is expected.
      const result = await new Promise<IteratorResult<T>>((resolve, reject) => {
        failRead = reject;
        iterator.next().then(resolve, reject);
      });
      failRead = undefined;
      if (result.done === true) {
        finished = true;
        return;
      }
      yield result.value;
    }
  } finally {
    failRead = undefined;
    clearTimeout(timer);
    if (!finished) await iterator.return?.();
  }
}

/**
 * An `openai` SDK stream that ends with a retryable `TIMEOUT` when the provider stays silent for
 * `timeoutMs` mid-response, aborting the request so no connection is left open.
 */
export function withSdkStreamTimeout<T>(stream: AsyncIterable<T> & { controller: AbortController }, timeoutMs: number, providerName: string): AsyncGenerator<T> {
  return withIdleTimeout(stream, timeoutMs, () => {
    stream.controller.abort();
    return new MassGenError({
      code: 'TIMEOUT',
      retryable: true,
      message: `${providerName} went silent for ${timeoutMs / 1000} s in the middle of its response (the request timeout).`,
    });
  });
}
