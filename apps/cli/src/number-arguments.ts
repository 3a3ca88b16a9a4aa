import { InvalidArgumentError } from 'commander';

/** A flag's whole number, 0 or more (`--history-tokens 0` sends no history). */
export function parseCount(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new InvalidArgumentError('expected a whole number, 0 or more');
  return parsed;
}

/** A flag's duration in seconds, above 0. */
export function parseSeconds(value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new InvalidArgumentError('expected a positive number of seconds');
  return parsed;
}

/** A flag's whole number above 0 (`--limit 20`, `--concurrency 4`). */
export function parsePositiveInteger(value: string): number {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed <= 0) throw new InvalidArgumentError('expected a positive whole number');
  return parsed;
}
