/**
 * Fires `onIdle` when `touch` has not been called for `timeoutMs`: a generation that stalls
 * between tokens is stopped as surely as one that never starts.
 */
export class IdleTimer {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly timeoutMs: number,
    private readonly onIdle: () => void,
  ) {
    this.touch();
  }

  touch(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(this.onIdle, this.timeoutMs);
    this.timer.unref();
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}
