import { MassGenError, toMassGenError } from './massgen-error.js';

/**
 * Shorter values are too likely to occur in ordinary text to be replaced wherever they appear
 * (and too short to be a real credential).
 */
export const minimumSecretLength = 8;

const redactedMark = '[redacted]';

/**
 * Replaces every secret in a text with `[redacted]`, the longest first so that a secret
 * containing another is replaced whole. Secrets shorter than `minimumSecretLength` are left.
 * The one redaction every package uses: a provider's error, an MCP server's output, a run's events.
 */
export function redactText(text: string, secrets: readonly string[]): string {
  return replaceSecrets(text, longestFirst(secrets));
}

/**
 * A copy of a value with every secret in every string redacted: applied to each event before
 * anyone sees it (the record on disk, the display, the server's stream, the run's result), so
 * that a provider or a tool echoing a key cannot carry it further.
 */
export function redactDeep<T>(value: T, secrets: readonly string[]): T {
  const usable = longestFirst(secrets);
  if (usable.length === 0) return value;
  return redactValue(value, usable) as T;
}

/** The same error with secrets removed from its message, for errors thrown before a run starts. */
export function redactError(error: unknown, secrets: readonly string[]): unknown {
  if (secrets.length === 0) return error;
  const failure = toMassGenError(error);
  const message = redactText(failure.message, secrets);
  return message === failure.message ? error : new MassGenError({ ...failure.toOptions(), message, cause: undefined });
}

function redactValue(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return replaceSecrets(value, secrets);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secrets));
  if (typeof value === 'object' && value !== null) {
    const copy: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) copy[key] = redactValue(child, secrets);
    return copy;
  }
  return value;
}

function replaceSecrets(text: string, sortedSecrets: readonly string[]): string {
  let redacted = text;
  for (const secret of sortedSecrets)
    if (redacted.includes(secret)) redacted = redacted.split(secret).join(redactedMark);
  return redacted;
}

function longestFirst(secrets: readonly string[]): string[] {
  return secrets.filter((secret) => secret.length >= minimumSecretLength).sort((a, b) => b.length - a.length);
}
