import { readdirSync, readFileSync } from 'node:fs';

/**
 * Linux process inspection through `/proc`, for tests that must show a program leaves no child
 * process behind. Other platforms have no `/proc`: these helpers then see no processes.
 */

/**
 * One process, told apart from a later process that is given the same pid once it has gone
 * (pids are reused, soon on a busy machine): the pid and the time it started.
 */
export interface ProcessIdentity {
  pid: number;
  /** Clock ticks after boot when it started (`/proc/<pid>/stat` field 22). */
  startTime: number;
}

interface ProcessStat extends ProcessIdentity {
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
  // Fields are numbered from 1, and the list starts at field 3 (the state).
  return { pid, parentPid: Number(parent), state, startTime: Number(fields[22 - 3]) };
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
  return isStatRunning(readStat(pid));
}

/** Whether this very process, not a later one given its pid, exists and has not exited. */
export function isSameProcessRunning(identity: ProcessIdentity): boolean {
  const stat = readStat(identity.pid);
  return isStatRunning(stat) && stat.startTime === identity.startTime;
}

/** Every running process below `pid`: its children, their children, and so on. */
export function descendantProcesses(pid: number): number[] {
  return descendantProcessIdentities(pid).map((identity) => identity.pid);
}

/** `descendantProcesses`, each with its start time, read together so that none can be a reused pid. */
export function descendantProcessIdentities(pid: number): ProcessIdentity[] {
  const stats = allPids().map(readStat).filter(isStatRunning);
  const found: ProcessIdentity[] = [];
  const parents = [pid];
  while (parents.length > 0) {
    const parent = parents.pop();
    for (const stat of stats) {
      if (stat.parentPid === parent && !found.some((identity) => identity.pid === stat.pid)) {
        found.push({ pid: stat.pid, startTime: stat.startTime });
        parents.push(stat.pid);
      }
    }
  }
  return found;
}

function isStatRunning(stat: ProcessStat | undefined): stat is ProcessStat {
  return stat !== undefined && stat.state !== 'Z' && stat.state !== 'X';
}

/** The command line of a process, its arguments joined by spaces; empty once it is gone. */
export function processCommandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}
