/** Counts runs in progress and refuses new ones past the limit, without queueing them. */
export class ConcurrencyGate {
  private running = 0;
  private idleWaiters: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  get active(): number {
    return this.running;
  }

  /** Takes a slot if one is free; the caller must `release` it exactly once. */
  tryAcquire(): boolean {
    if (this.running >= this.limit) return false;
    this.running += 1;
    return true;
  }

  release(): void {
    this.running = Math.max(0, this.running - 1);
    if (this.running === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  /** Resolves once no run holds a slot. */
  idle(): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }
}
