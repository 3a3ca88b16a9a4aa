export interface FramePacerOptions {
  /** The shortest wait between frames: the frame-rate cap. */
  minIntervalMs: number;
  /** The longest wait between frames, however slow drawing gets. */
  maxIntervalMs: number;
  /** The share of time drawing may take, e.g. 0.05 for 5%. */
  budget: number;
}

/**
 * Spaces frames so that drawing takes at most a set share of the time. It follows a smoothed
 * cost per frame: a large team on a large terminal, or a machine busy with other work, makes
 * frames dearer, and the display then draws less often instead of slowing everything else.
 */
export class FramePacer {
  private cost: number | undefined;

  constructor(private readonly options: FramePacerOptions) {}

  /** How long drawing one frame took, from the notification to the frame being on screen. */
  recordFrame(costMs: number): void {
    if (!Number.isFinite(costMs) || costMs < 0) return;
    // Half weight on the newest frame: the first frames are slow (cold JIT) and must be forgotten fast.
    this.cost = this.cost === undefined ? costMs : 0.5 * this.cost + 0.5 * costMs;
  }

  get intervalMs(): number {
    const wanted = this.cost === undefined ? this.options.minIntervalMs : this.cost / this.options.budget;
    return Math.min(this.options.maxIntervalMs, Math.max(this.options.minIntervalMs, wanted));
  }
}
