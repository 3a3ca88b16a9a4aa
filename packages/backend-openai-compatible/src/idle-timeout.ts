import { MassGenError } from '@massgen/core';

/**
 * Passes items through, but gives up when the source stays silent for `milliseconds`. The SDK's
 * own timeout stops at the response headers, so a server that stalls mid-stream would otherwise
 * hold an agent forever. `onIdle` must end the source (abort its request) and return the error
 * to throw, so that the pending read settles and nothing is left running.
 */
export function withIdleTimeout<T>(
  source: AsyncIterable<T>,
  milliseconds: number,
  onIdle: () => Error,
): AsyncIterableIterator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let finished = false;
  // The read in progress, failed by the timer; none while the consumer holds an item.
  let failRead: ((error: Error) => void) | undefined;
  // One timer for the stream, set at the first read and re-armed at every read: a timer and a race
  // per item cost more than the items of a fast stream. A plain iterator rather than an async
  // generator, for the same reason.
  let timer: NodeJS.Timeout | undefined;
  const settle = (): void => {
    finished = true;
    failRead = undefined;
    clearTimeout(timer);
  };
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    next(): Promise<IteratorResult<T>> {
      if (finished) return Promise.resolve({ value: undefined, done: true });
      if (timer === undefined) timer = setTimeout(() => failRead?.(onIdle()), milliseconds);
      else timer.refresh();
      return new Promise<IteratorResult<T>>((resolve, reject) => {
        // After a timeout the abandoned read settles later, usually by rejecting; that is expected.
        failRead = (error) => {
          settle();
          reject(error);
          void iterator.return?.()?.catch(() => undefined);
        };
        iterator.next().then(
          (result) => {
            failRead = undefined;
            if (result.done === true) settle();
            resolve(result);
          },
          (error: unknown) => {
            settle();
            reject(error);
          },
        );
      });
    },
    async return(): Promise<IteratorResult<T>> {
      if (!finished) {
        settle();
        await iterator.return?.();
      }
      return { value: undefined, done: true };
    },
  };
}

/**
 * An `openai` SDK stream that ends with a retryable `TIMEOUT` when the provider stays silent for
 * `timeoutMs` mid-response, aborting the request so no connection is left open.
 */
export function withSdkStreamTimeout<T>(
  stream: AsyncIterable<T> & { controller: AbortController },
  timeoutMs: number,
  providerName: string,
): AsyncIterableIterator<T> {
  return withIdleTimeout(stream, timeoutMs, () => {
    stream.controller.abort();
    return new MassGenError({
      code: 'TIMEOUT',
      retryable: true,
      message: `${providerName} went silent for ${timeoutMs / 1000} s in the middle of its response (the request timeout).`,
    });
  });
}
