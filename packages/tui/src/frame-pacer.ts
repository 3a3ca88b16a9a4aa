export interface FramePacerOptions {
  /** The shortest wait between frames: the frame-rate cap. */
  minIntervalMs: number;
  /** The longest wait between frames, however slow drawing gets. */
  maxIntervalMs: number;
  /** The share of time drawing may take, e.g. 0.05 for 5%. */
  budget: number;
}

/** Frames the cost estimate looks back on. */
const recentFrames = 5;

/**
 * Spaces frames so that drawing takes at most a set share of the time. It follows the median
 * cost of the last few frames: a large team on a large terminal, or a machine busy with other
 * work, makes frames dearer, and the display then draws less often instead of slowing
 * everything else. The median forgets a one-off slow frame (the first ones, before the JIT has
 * warmed up, or one caught by garbage collection) after a few frames.
 */
export class FramePacer {
  private readonly costs: number[] = [];

  constructor(private readonly options: FramePacerOptions) {}

  /** How long drawing one frame took, from the notification to the frame being on screen. */
  recordFrame(costMs: number): void {
    if (!Number.isFinite(costMs) || costMs < 0) return;
    this.costs.push(costMs);
    if (this.costs.length > recentFrames) this.costs.shift();
  }

  get intervalMs(): number {
    const wanted = this.costs.length === 0 ? this.options.minIntervalMs : medianOf(this.costs) / this.options.budget;
    return Math.min(this.options.maxIntervalMs, Math.max(this.options.minIntervalMs, wanted));
  }
}

function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 0 ? ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2 : (sorted[middle] ?? 0);
}
