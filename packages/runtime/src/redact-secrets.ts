import { MassGenError, toMassGenError } from '@massgen/core';
import { redactText } from '@massgen/config';

/**
 * A copy of a value with every secret in every string replaced by `[redacted]`: applied to each
 * event before anyone sees it (the record on disk, the display, the server's stream, the run's
 * result), so that a provider or a tool echoing a key cannot carry it further.
 */
export function redactDeep<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  return redactValue(value, secrets) as T;
}

function redactValue(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return redactText(value, secrets);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secrets));
  if (typeof value === 'object' && value !== null) {
    const copy: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) copy[key] = redactValue(child, secrets);
    return copy;
  }
  return value;
}

/** The same error with secrets removed from its message, for errors thrown before a run starts. */
export function redactError(error: unknown, secrets: readonly string[]): unknown {
  if (secrets.length === 0) return error;
  const failure = toMassGenError(error);
  const message = redactText(failure.message, secrets);
  return message === failure.message ? error : new MassGenError({ ...failure.toOptions(), message, cause: undefined });
}
