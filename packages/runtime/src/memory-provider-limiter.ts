import { abortError, limitFor } from './provider-limiter.js';
import type { ProviderLimiter, ProviderLimits } from './provider-limiter.js';

const windowMs = 60_000;

interface Waiter {
  resolve: (release: () => void) => void;
  reject: (error: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

interface ProviderState {
  active: number;
  /** Start times of the calls in the current window, oldest first. */
  starts: number[];
  pausedUntil: number;
  waiters: Waiter[];
  timer: NodeJS.Timeout | undefined;
}

/** A limiter for the calls of one process: first come, first served per provider. */
export class MemoryProviderLimiter implements ProviderLimiter {
  private readonly states = new Map<string, ProviderState>();

  constructor(
    private readonly limits: ProviderLimits,
    private readonly now: () => number = Date.now,
  ) {}

  acquire(provider: string, signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted === true) return Promise.reject(abortError(signal));
    const state = this.state(provider);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        signal,
        onAbort: () => {
          state.waiters.splice(state.waiters.indexOf(waiter), 1);
          reject(abortError(signal as AbortSignal));
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      state.waiters.push(waiter);
      this.admit(provider, state);
    });
  }

  /**
   * Starts a call at once when the limits allow it and nobody is waiting ahead of it, so a caller
   * knows whether it has to wait (and can say so) before it does.
   */
  tryAcquire(provider: string): (() => void) | undefined {
    const state = this.state(provider);
    if (state.waiters.length > 0 || this.readyAt(provider, state) > this.now()) return undefined;
    return this.start(provider, state);
  }

  pause(provider: string, ms: number): void {
    const state = this.state(provider);
    state.pausedUntil = Math.max(state.pausedUntil, this.now() + ms);
  }

  async close(): Promise<void> {
    for (const state of this.states.values()) clearTimeout(state.timer);
  }

  private state(provider: string): ProviderState {
    let state = this.states.get(provider);
    if (state === undefined) {
      state = { active: 0, starts: [], pausedUntil: 0, waiters: [], timer: undefined };
      this.states.set(provider, state);
    }
    return state;
  }

  /** When the next call may start: now or earlier if it may, infinity while every slot is taken. */
  private readyAt(provider: string, state: ProviderState): number {
    const limit = limitFor(this.limits, provider);
    const now = this.now();
    while (state.starts.length > 0 && (state.starts[0] as number) <= now - windowMs) state.starts.shift();
    if (limit.concurrency !== undefined && state.active >= limit.concurrency) return Number.POSITIVE_INFINITY;
    return Math.max(
      state.pausedUntil,
      limit.requestsPerMinute !== undefined && state.starts.length >= limit.requestsPerMinute
        ? (state.starts[state.starts.length - limit.requestsPerMinute] as number) + windowMs
        : 0,
    );
  }

  /** Counts a call as started and returns what ends it. */
  private start(provider: string, state: ProviderState): () => void {
    state.active += 1;
    state.starts.push(this.now());
    let released = false;
    return () => {
      if (released) return;
      released = true;
      state.active -= 1;
      this.admit(provider, state);
    };
  }

  /** Starts waiting calls while the limits allow; otherwise wakes up when the window or pause ends. */
  private admit(provider: string, state: ProviderState): void {
    while (state.waiters.length > 0) {
      const readyAt = this.readyAt(provider, state);
      // A full house waits for a release, which admits again.
      if (readyAt === Number.POSITIVE_INFINITY) return;
      const now = this.now();
      if (readyAt > now) {
        clearTimeout(state.timer);
        state.timer = setTimeout(() => this.admit(provider, state), readyAt - now);
        return;
      }
      const waiter = state.waiters.shift() as Waiter;
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      waiter.resolve(this.start(provider, state));
    }
  }
}
