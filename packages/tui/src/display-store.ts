import type { RunEvent } from '@massgen/core';
import { initialDisplayState, reduceDisplayState } from '@massgen/run-state';
import type { DisplayState } from '@massgen/run-state';
import { FramePacer } from './frame-pacer.js';

export interface DisplayStoreOptions {
  /** Least time between two notifications: the display draws at most 1000 / this per second. */
  frameIntervalMs?: number;
  /** Most time between two notifications while events keep coming, however dear frames get. */
  maxFrameIntervalMs?: number;
  /** Share of the time drawing may take; frames are spaced further apart when they cost more. */
  drawingBudget?: number;
  /** Injectable for tests. */
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/** 10 frames a second: smooth enough to follow streaming text, cheap enough to go unnoticed. */
export const defaultFrameIntervalMs = 100;
/** Never fewer than 2 frames a second while a run streams. */
export const defaultMaxFrameIntervalMs = 500;
/** Drawing may take 5% of the time. */
export const defaultDrawingBudget = 0.05;

/**
 * Holds the display state and batches events into frames. Every event is folded in at once
 * (cheap), but subscribers hear of changes at most once per frame interval, so a burst of
 * streaming deltas from many agents costs one render, not one per delta. Frames are paced by
 * what they cost to draw (`FramePacer`). A run's end and the user's own actions are shown at once.
 */
export class DisplayStore {
  private state: DisplayState = initialDisplayState();
  /** What subscribers see; it changes only at a notification, so a render never tears. */
  private published: DisplayState = this.state;
  private readonly listeners = new Set<() => void>();
  private readonly pacer: FramePacer;
  private readonly now: () => number;
  private readonly setTimer: (callback: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;
  private timer: unknown;
  private lastNotified = Number.NEGATIVE_INFINITY;
  private dirty = false;
  /** When the notification of the frame not yet on screen was sent. */
  private frameStartedAt: number | undefined;

  constructor(options: DisplayStoreOptions = {}) {
    this.pacer = new FramePacer({
      minIntervalMs: options.frameIntervalMs ?? defaultFrameIntervalMs,
      maxIntervalMs: Math.max(options.frameIntervalMs ?? 0, options.maxFrameIntervalMs ?? defaultMaxFrameIntervalMs),
      budget: options.drawingBudget ?? defaultDrawingBudget,
    });
    this.now = options.now ?? (() => performance.now());
    this.setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
    this.clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  }

  /** For `useSyncExternalStore`: the state as of the last notification's frame. */
  readonly getSnapshot = (): DisplayState => this.published;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  push(event: RunEvent): void {
    this.state = reduceDisplayState(this.state, event);
    if (event.type === 'run-end') this.flush();
    else this.schedule();
  }

  requestAnswer(): void {
    if (this.state.endedAt !== undefined) return;
    this.state = { ...this.state, answerRequested: true };
    this.flush();
  }

  requestCancel(): void {
    if (this.state.endedAt !== undefined) return;
    this.state = { ...this.state, cancelRequested: true };
    this.flush();
  }

  /** Notifies now of anything pending, cancelling the scheduled frame. */
  flush(): void {
    if (this.timer !== undefined) {
      this.clearTimer(this.timer);
      this.timer = undefined;
    }
    this.dirty = false;
    this.lastNotified = this.now();
    this.frameStartedAt = this.published === this.state ? this.frameStartedAt : this.lastNotified;
    this.published = this.state;
    for (const listener of [...this.listeners]) listener();
  }

  /** Tells the store a state is on screen, so it learns what a frame costs to draw. */
  frameDrawn(state: DisplayState): void {
    if (state !== this.published || this.frameStartedAt === undefined) return;
    this.pacer.recordFrame(this.now() - this.frameStartedAt);
    this.frameStartedAt = undefined;
  }

  /** The wait between frames as the pacer sets it now. */
  get frameIntervalMs(): number {
    return this.pacer.intervalMs;
  }

  /** Stops the pending frame, if any; the store keeps its state. */
  dispose(): void {
    if (this.timer !== undefined) this.clearTimer(this.timer);
    this.timer = undefined;
    this.dirty = false;
  }

  private schedule(): void {
    this.dirty = true;
    if (this.timer !== undefined) return;
    const wait = Math.max(0, this.lastNotified + this.pacer.intervalMs - this.now());
    this.timer = this.setTimer(() => {
      this.timer = undefined;
      if (this.dirty) this.flush();
    }, wait);
  }
}
