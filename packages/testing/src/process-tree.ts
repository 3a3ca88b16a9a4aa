import { readdirSync, readFileSync } from 'node:fs';

/**
 * Linux process inspection through `/proc`, for tests that must show a program leaves no child
 * process behind. Other platforms have no `/proc`: these helpers then see no processes.
 */

interface ProcessStat {
  pid: number;
  parentPid: number;
  /** `R`, `S`, `D`, `Z` (zombie: exited, not yet reaped), `X` (dead), ... */
  state: string;
}

function readStat(pid: number): ProcessStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name is in parentheses and may itself contain spaces or parentheses.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const [state = '', parent = ''] = fields;
  return { pid, parentPid: Number(parent), state };
}

function allPids(): number[] {
  try {
    return readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .map(Number);
  } catch {
    return [];
  }
}

/** Whether a process exists and has not exited (a zombie has exited). */
export function isProcessRunning(pid: number): boolean {
  const stat = readStat(pid);
  return stat !== undefined && stat.state !== 'Z' && stat.state !== 'X';
}

/** Every running process below `pid`: its children, their children, and so on. */
export function descendantProcesses(pid: number): number[] {
  const stats = allPids()
    .map(readStat)
    .filter((stat): stat is ProcessStat => stat !== undefined && stat.state !== 'Z' && stat.state !== 'X');
  const found: number[] = [];
  const parents = [pid];
  while (parents.length > 0) {
    const parent = parents.pop();
    for (const stat of stats) {
      if (stat.parentPid === parent && !found.includes(stat.pid)) {
        found.push(stat.pid);
        parents.push(stat.pid);
      }
    }
  }
  return found;
}

/** The command line of a process, its arguments joined by spaces; empty once it is gone. */
export function processCommandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}
