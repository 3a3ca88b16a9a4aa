import { spawnSync } from 'node:child_process';

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 0 ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle];
}

export function percentile(values, fraction) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
}

/** Wall time of one process run, in milliseconds; fails loudly if the command fails. */
export function timeProcess(command, args) {
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, { encoding: 'utf8' });
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status}: ${result.stderr}`);
  return elapsed;
}

export function verdict(ok) {
  return ok ? 'PASS' : 'FAIL';
}
