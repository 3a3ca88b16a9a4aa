/**
 * Hands each run its own signal, aborted when the shared one is. Every run listens to its own
 * signal many times over (strategy, backends, tools); a batch of runs on one shared signal
 * would pile those listeners up on it.
 */
export class CancelFanout {
  private readonly children = new Set<AbortController>();
  private readonly onAbort = (): void => {
    for (const child of this.children) child.abort(this.signal.reason);
  };

  constructor(private readonly signal: AbortSignal) {
    signal.addEventListener('abort', this.onAbort, { once: true });
  }

  /** A signal for one run; `release` it when the run ends. */
  child(): { signal: AbortSignal; release: () => void } {
    const controller = new AbortController();
    if (this.signal.aborted) controller.abort(this.signal.reason);
    else this.children.add(controller);
    return { signal: controller.signal, release: () => this.children.delete(controller) };
  }

  close(): void {
    this.signal.removeEventListener('abort', this.onAbort);
    this.children.clear();
  }
}
