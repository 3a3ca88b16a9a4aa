/**
 * One model call's cancellation: the caller's signal, plus a timer that ends the call when the
 * provider stays silent too long, before its response starts or between two chunks of it.
 */
export interface SilenceTimer {
  /** Hand this to the SDK: it aborts on the caller's cancel and on silence. */
  readonly signal: AbortSignal;
  /** Whether silence, not the caller, ended the call. */
  readonly expired: boolean;
  /**
   * Passes items through, timing only the waits for the next one: a consumer that takes its
   * time with an item is not the provider being silent.
   */
  watch<T>(source: AsyncIterable<T>): AsyncGenerator<T>;
  /** Stops the timer and ends the request if it is still open (a consumer that stopped early). */
  close(): void;
}

export function startSilenceTimer(milliseconds: number, callerSignal: AbortSignal | undefined): SilenceTimer {
  const controller = new AbortController();
  let expired = false;
  let timer: NodeJS.Timeout | undefined;
  const onCallerAbort = (): void => controller.abort(callerSignal?.reason);

  function arm(): void {
    clearTimeout(timer);
    timer = setTimeout(() => {
      expired = true;
      controller.abort(new Error(`No response for ${milliseconds} ms`));
    }, milliseconds);
  }

  if (callerSignal?.aborted === true) controller.abort(callerSignal.reason);
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  arm();

  return {
    signal: controller.signal,
    get expired() {
      return expired;
    },
    async *watch<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
      for await (const item of source) {
        clearTimeout(timer);
        yield item;
        arm();
      }
      clearTimeout(timer);
    },
    close() {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
      controller.abort();
    },
  };
}
