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
