/** Counts runs in progress and refuses new ones past the limit, without queueing them. */
export class ConcurrencyGate {
  private running = 0;

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
  }
}
