import { spawn } from 'node:child_process';
import type { ChildProcess, StdioOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { bubblewrapArguments } from './bubblewrap-arguments.js';
import { containmentMode, namespaceArguments } from './containment-mode.js';
import type { ContainmentMode } from './containment-mode.js';
import { killMarkedProcesses, markerVariable } from './marked-processes.js';
import { sandboxAvailability } from './sandbox-availability.js';
import { currentSandboxHost } from './sandbox-host.js';
import type { SandboxPolicy } from './sandbox-policy.js';

export interface SpawnContainedOptions {
  /** The whole environment of the process: nothing else is inherited. */
  env: Record<string, string>;
  cwd?: string;
  stdio: StdioOptions;
  /** Forces a mode; defaults to the best this machine has (see `containmentMode`). */
  mode?: ContainmentMode;
  /**
   * Confines the process to a sandbox (bubblewrap, so always `pid-namespace`): its files,
   * network and processes. Throws `SandboxUnavailableError` when this machine cannot sandbox.
   */
  sandbox?: SandboxPolicy;
}

/** Thrown when a sandbox is asked for and this machine cannot make one; says why and what to do. */
export class SandboxUnavailableError extends Error {
  readonly code = 'SANDBOX_UNAVAILABLE';
  constructor(
    readonly reason: string,
    readonly remedy: string,
  ) {
    super(`The OS sandbox is not available: ${reason}; ${remedy}.`);
    this.name = 'SandboxUnavailableError';
  }
}

export interface ContainedProcess {
  readonly child: ChildProcess;
  readonly mode: ContainmentMode;
  /** Signals the process's group (for a graceful stop); what left the group is not reached. */
  signal(signal: NodeJS.Signals): void;
  /** Ends the process and everything it started, wherever it went. Synchronous; safe to repeat. */
  kill(): void;
}

const live = new Set<ContainedProcess>();
let exitHookInstalled = false;

/**
 * Starts `command` so that it and everything it starts can be ended together (see
 * `ContainmentMode`). Everything still running when this Node process exits is killed on the
 * way out, a forced exit (`process.exit` on a second Ctrl-C) included.
 */
export function spawnContained(
  command: string,
  args: readonly string[],
  options: SpawnContainedOptions,
): ContainedProcess {
  const mode = options.sandbox === undefined ? (options.mode ?? containmentMode(options.env)) : 'pid-namespace';
  const scope = randomBytes(12).toString('hex');
  const [file, argv] = launcher(command, args, mode, options);
  const child = spawn(file, argv, {
    env: { ...options.env, [markerVariable]: scope },
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    stdio: options.stdio,
    detached: process.platform !== 'win32',
    windowsHide: true,
  });
  const signalGroup = (signal: NodeJS.Signals): void => {
    if (child.pid === undefined) return;
    try {
      process.kill(process.platform === 'win32' ? child.pid : -child.pid, signal);
    } catch {
      // The group is gone.
    }
  };
  const contained: ContainedProcess = {
    child,
    mode,
    signal: signalGroup,
    kill() {
      signalGroup('SIGKILL');
      killMarkedProcesses(scope);
      live.delete(contained);
    },
  };
  live.add(contained);
  installExitHook();
  // The namespace ends with its first process; under the fallback, leftovers are hunted down.
  child.once('exit', () => contained.kill());
  child.once('error', () => live.delete(contained));
  return contained;
}

function launcher(
  command: string,
  args: readonly string[],
  mode: ContainmentMode,
  options: SpawnContainedOptions,
): [string, string[]] {
  if (options.sandbox !== undefined) {
    const availability = sandboxAvailability();
    if (!availability.available) throw new SandboxUnavailableError(availability.reason, availability.remedy);
    const confinement = bubblewrapArguments(options.sandbox, currentSandboxHost(options.env));
    return ['bwrap', [...confinement, '--', command, ...args]];
  }
  if (mode === 'pid-namespace') return ['bwrap', [...namespaceArguments, '--', command, ...args]];
  return [command, [...args]];
}

/** Ends every contained process still running; the exit hook calls it, and so may a signal handler. */
export function killAllContained(): void {
  for (const contained of [...live]) contained.kill();
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', killAllContained);
}
