/**
 * Passes items through, but calls `abort` when the source stays silent for `milliseconds` while an
 * item is awaited. The SDK's own timeout stops at the response headers, so a server that stalls
 * mid-stream would otherwise hold an agent forever. `abort` must end the source (abort its
 * request) so that the pending read settles. Time spent by the consumer between items does not
 * count: only the provider's silence does.
 */
export async function* abortOnSilence<T>(
  source: AsyncIterable<T>,
  milliseconds: number,
  abort: () => void,
): AsyncGenerator<T> {
  let timer: NodeJS.Timeout | undefined;
  const arm = (): void => {
    timer = setTimeout(abort, milliseconds);
  };
  try {
    arm();
    for await (const item of source) {
      clearTimeout(timer);
      yield item;
      arm();
    }
  } finally {
    clearTimeout(timer);
  }
}
