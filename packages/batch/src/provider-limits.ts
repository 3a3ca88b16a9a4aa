import { MassGenError } from '@massgen/core';

/** Limits on model calls to one provider (a backend type), across every run of a batch. */
export interface ProviderLimit {
  /** Calls streaming at once. */
  concurrency?: number;
  /** Calls started in any 60-second window. */
  requestsPerMinute?: number;
}

/** Limits by backend type; `*` applies to types not named. */
export type ProviderLimits = Readonly<Record<string, ProviderLimit>>;

/**
 * Admits model calls to providers within their limits. Every run of a batch (and, in queue
 * mode, every worker) shares one, so the limits hold across runs.
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

/**
 * Reads `TYPE=N` settings (`openai=8`, `*=4`) from repeated command-line flags into one limit
 * field. `flag` names the option in errors.
 */
export function parseProviderLimits(
  values: readonly string[],
  field: keyof ProviderLimit,
  flag: string,
  into: Record<string, ProviderLimit> = {},
): Record<string, ProviderLimit> {
  for (const value of values) {
    const match = /^([^=\s]+)=(\d+)$/.exec(value.trim());
    const count = match === null ? Number.NaN : Number(match[2]);
    if (match === null || !Number.isSafeInteger(count) || count <= 0)
      throw new MassGenError({
        code: 'CONFIG_INVALID',
        message: `${flag} ${value}: expected BACKEND_TYPE=N with a positive whole number, e.g. ${flag} openai=8 (or *=8 for every backend type).`,
      });
    const provider = match[1] as string;
    into[provider] = { ...into[provider], [field]: count };
  }
  return into;
}

export function abortError(signal: AbortSignal): MassGenError {
  return new MassGenError({
    code: 'ABORTED',
    message: 'Cancelled while waiting for a provider slot.',
    cause: signal.reason,
  });
}
