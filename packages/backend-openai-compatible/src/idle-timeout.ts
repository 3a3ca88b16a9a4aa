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
  try {
    while (true) {
      const next = iterator.next();
      // After a timeout the abandoned read settles later, usually by rejecting; that is expected.
      next.catch(() => undefined);
      let timer: NodeJS.Timeout | undefined;
      const silence = new Promise<'idle'>((resolve) => {
        timer = setTimeout(() => resolve('idle'), milliseconds);
      });
      const result = await Promise.race([next, silence]).finally(() => clearTimeout(timer));
      if (result === 'idle') throw onIdle();
      if (result.done === true) {
        finished = true;
        return;
      }
      yield result.value;
    }
  } finally {
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
