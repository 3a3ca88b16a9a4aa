import { spawnSync } from 'node:child_process';

/**
 * How a contained process is kept together:
 * - `pid-namespace`: under bubblewrap, in a PID namespace of its own with its own `/proc`. When
 *   the command ends, the kernel ends every process left in the namespace, including those that
 *   called `setsid` or double-forked; and the command cannot see MassGen's processes (nor read
 *   their `/proc/<pid>/environ`).
 * - `process-group`: its own process group, plus a variable in its environment that every
 *   descendant inherits, by which leftovers that left the group are found in `/proc` (Linux) and
 *   ended. A process that clears its environment and leaves the group escapes this.
 */
export type ContainmentMode = 'pid-namespace' | 'process-group';

/** Arguments that put a command in a PID namespace while keeping the whole file system as it is. */
export const namespaceArguments = [
  '--dev-bind',
  '/',
  '/',
  '--proc',
  '/proc',
  '--unshare-pid',
  '--die-with-parent',
  // No controlling terminal: a command cannot push keystrokes into the user's terminal (TIOCSTI).
  '--new-session',
] as const;

let detected: ContainmentMode | undefined;

/**
 * The mode this machine supports, found once by running `bwrap ... true` (bubblewrap may be
 * missing, or present but refused user namespaces). `MASSGEN_CONTAINMENT=process-group` forces
 * the fallback.
 */
export function containmentMode(env: Readonly<Record<string, string | undefined>> = process.env): ContainmentMode {
  if (env['MASSGEN_CONTAINMENT'] === 'process-group' || process.platform !== 'linux') return 'process-group';
  detected ??= probeNamespace() ? 'pid-namespace' : 'process-group';
  return detected;
}

function probeNamespace(): boolean {
  const probe = spawnSync('bwrap', [...namespaceArguments, '--', 'true'], { stdio: 'ignore', timeout: 10_000 });
  return probe.error === undefined && probe.status === 0;
}
