import { readFileSync, readdirSync } from 'node:fs';

/** The variable that marks every process started under one containment. */
export const markerVariable = 'MASSGEN_CONTAINMENT_SCOPE';

/**
 * Ends every process whose environment carries `MASSGEN_CONTAINMENT_SCOPE=<scope>`, looking
 * through `/proc` (Linux only; elsewhere nothing is found). Runs until a pass finds none, a few
 * times at most, since a process may fork while its siblings are being ended. Synchronous, so
 * it also works on the way out of the process.
 */
export function killMarkedProcesses(scope: string): void {
  if (process.platform !== 'linux') return;
  const needle = Buffer.from(`${markerVariable}=${scope}\0`);
  for (let pass = 0; pass < 5; pass += 1) {
    const found = markedProcesses(needle);
    if (found.length === 0) return;
    for (const pid of found) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }
  }
}

function markedProcesses(needle: Buffer): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let environment: Buffer;
    try {
      environment = readFileSync(`/proc/${entry}/environ`);
    } catch {
      continue;
    }
    if (environment.includes(needle)) found.push(Number(entry));
  }
  return found;
}
