import type { SerializedError } from '@massgen/core';

/** How the runtime repeats a failed model call. One policy, applied in one place. */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  initialDelayMs: number;
  backoffFactor: number;
  maxDelayMs: number;
  /**
   * The longest `retry-after` we wait for. A provider asking for longer is treated as a hard
   * limit and reported at once, rather than stalling the whole team.
   */
  maxRetryAfterMs: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  maxRetries: 2,
  initialDelayMs: 1_000,
  backoffFactor: 2,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
};

/**
 * The delay before retry number `retryIndex` (0-based) of a failed call, or `undefined` when the
 * error must not be retried. The provider's `retry-after` wins over our own backoff.
 */
export function retryDelay(
  policy: RetryPolicy,
  retryIndex: number,
  error: Pick<SerializedError, 'retryable' | 'retryAfterMs'>,
  random: () => number = Math.random,
): number | undefined {
  if (!error.retryable || retryIndex >= policy.maxRetries) return undefined;
  if (error.retryAfterMs !== undefined && error.retryAfterMs >= 0) {
    return error.retryAfterMs <= policy.maxRetryAfterMs ? error.retryAfterMs : undefined;
  }
  const backoff = Math.min(policy.initialDelayMs * policy.backoffFactor ** retryIndex, policy.maxDelayMs);
  // Jitter keeps agents that share a provider from retrying in lockstep.
  return Math.round(backoff * (1 - random() * 0.25));
}
