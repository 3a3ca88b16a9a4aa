import { MassGenError } from '@massgen/core';

/**
 * Calls `onSilence` once `milliseconds` pass without a `touch`: a provider that stalls between two
 * chunks is stopped as surely as one that never starts. One timer for the whole call, re-armed
 * in place, because a timer per chunk costs more than the chunks of a fast stream. It never holds
 * the process open by itself: the request it watches does.
 */
export class SilenceTimer {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly milliseconds: number,
    private readonly onSilence: () => void,
  ) {}

  /** Starts the count, or starts it again from zero. */
  touch(): void {
    if (this.timer === undefined) {
      this.timer = setTimeout(this.onSilence, this.milliseconds);
      this.timer.unref();
    } else {
      this.timer.refresh();
    }
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/**
 * Passes items through, but gives up when the source stays silent for `milliseconds` while an item
 * is awaited; time the consumer spends between items does not count. `onSilence` must end the
 * source (abort its request) and return the error to throw, so that the pending read settles and
 * nothing is left running. A plain iterator rather than an async generator: one async layer less
 * per item.
 */
export function withSilenceTimeout<T>(
  source: AsyncIterable<T>,
  milliseconds: number,
  onSilence: () => Error,
): AsyncIterableIterator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let finished = false;
  // The read in progress, failed by the timer; none while the consumer holds an item.
  let failRead: ((error: Error) => void) | undefined;
  const timer = new SilenceTimer(milliseconds, () => failRead?.(onSilence()));
  const settle = (): void => {
    finished = true;
    failRead = undefined;
    timer.stop();
  };
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    next(): Promise<IteratorResult<T>> {
      if (finished) return Promise.resolve({ value: undefined, done: true });
      timer.touch();
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
 * What a provider that stops sending in the middle of its response gets: a retryable `TIMEOUT`
 * (the error mapper fills in the agent and the backend).
 */
export function midResponseSilence(providerName: string, timeoutMs: number): MassGenError {
  return new MassGenError({
    code: 'TIMEOUT',
    retryable: true,
    message: `${providerName} went silent for ${timeoutMs / 1000} s in the middle of its response (the request timeout).`,
  });
}
