import { CappedText } from './capped-text.js';
import { launchCommand } from './command-launch.js';
import type { CommandLaunch } from './command-launch.js';

export interface CommandRunOptions {
  command: string;
  /** The directory the command runs in. */
  cwd: string;
  timeoutMs: number;
  signal: AbortSignal;
  /** Characters of each stream kept from the start, and from the end. */
  output: { headCharacters: number; tailCharacters: number };
  /** Where the command runs: unconfined (the default), in the OS sandbox, or in Docker. */
  launch?: CommandLaunch;
}

export interface CommandRunResult {
  exitCode: number | null;
  /** The signal that ended the command, when one did. */
  signalName: string | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  cancelled: boolean;
  durationMs: number;
}

/**
 * Variables a command inherits. Everything else, API keys above all, stays out of reach of a
 * command the model writes (and of its output, which goes back to the model and the record).
 */
const inheritedVariables = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'LANG',
  'LC_ALL',
  'LC_CTYPE',
  'TERM',
  'TMPDIR',
  'TZ',
  'SHELL',
];

/**
 * Runs a command line with `/bin/sh -c`, without input, contained (a PID namespace under
 * bubblewrap, else its own process group and a marked environment; see
 * `@massgen/process-containment`), and confined as `launch` says. When the time limit passes or the call is cancelled,
 * everything it started is killed; once the shell exits, whatever it left running in the
 * background is killed too, even a process that called `setsid` or forked twice, so no process
 * outlives its call.
 */
export function runCommand(options: CommandRunOptions): Promise<CommandRunResult> {
  const started = Date.now();
  const stdout = new CappedText(options.output.headCharacters, options.output.tailCharacters);
  const stderr = new CappedText(options.output.headCharacters, options.output.tailCharacters);
  const env = Object.fromEntries(
    inheritedVariables.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]]])),
  );
  return new Promise((resolve, reject) => {
    const launched = launchCommand(options.launch ?? { kind: 'local' }, options.command, { cwd: options.cwd, env });
    const child = launched.contained.child;
    let timedOut = false;
    let cancelled = false;
    const killGroup = (): void => launched.stop();
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, options.timeoutMs);
    const onAbort = (): void => {
      cancelled = true;
      killGroup();
    };
    if (options.signal.aborted) onAbort();
    else options.signal.addEventListener('abort', onAbort, { once: true });
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => stdout.append(chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => stderr.append(chunk));
    child.on('error', (error) => {
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.on('close', (exitCode, signalName) => {
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
      resolve({
        exitCode,
        signalName,
        stdout: stdout.toString(),
        stderr: stderr.toString(),
        timedOut,
        cancelled,
        durationMs: Date.now() - started,
      });
    });
  });
}
