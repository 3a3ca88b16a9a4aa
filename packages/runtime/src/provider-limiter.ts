import { MassGenError } from '@massgen/core';

/** Limits on model calls to one provider. */
export interface ProviderLimit {
  /** Calls streaming at once. */
  concurrency?: number;
  /** Calls started in any 60-second window. */
  requestsPerMinute?: number;
}

/** Limits by provider; `*` applies to providers not named. */
export type ProviderLimits = Readonly<Record<string, ProviderLimit>>;

/**
 * Admits model calls to providers within their limits. The agents of a run share one (its
 * `max_concurrent_requests`); every run of a batch (and, in queue mode, every worker) shares one
 * too, so the limits hold across runs.
 */
export interface ProviderLimiter {
  /** Waits until a call to `provider` may start; the returned function ends the call. */
  acquire(provider: string, signal?: AbortSignal): Promise<() => void>;
  /** The provider answered "too many requests, retry after `ms`": hold every call to it that long. */
  pause(provider: string, ms: number): void | Promise<void>;
  close(): Promise<void>;
}

export function limitFor(limits: ProviderLimits, provider: string): ProviderLimit {
  return limits[provider] ?? limits['*'] ?? {};
}

export function abortError(signal: AbortSignal): MassGenError {
  return new MassGenError({
    code: 'ABORTED',
    message: 'Cancelled while waiting for a provider slot.',
    cause: signal.reason,
  });
}
