import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const cliBin = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../bin/massgen.js');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface StartedCli {
  child: ReturnType<typeof spawn>;
  done: Promise<CliRun>;
}

export interface CliRunOptions {
  cwd: string;
  env?: Record<string, string | undefined>;
  /** Piped to the command's standard input, which then ends; without it, input is empty. */
  stdin?: string;
  /**
   * Close our end of the command's stdout before it writes anything, as `massgen ... | head`
   * does once `head` has read enough: its writes then fail with EPIPE.
   */
  closeStdout?: boolean;
}

/** Starts the built `massgen` binary as a user would, in its own process. */
export function startCli(args: string[], options: CliRunOptions): StartedCli {
  const child = spawn(process.execPath, [cliBin, ...args], {
    cwd: options.cwd,
    env: { PATH: process.env['PATH'], HOME: process.env['HOME'], ...options.env },
    stdio: [options.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (options.stdin !== undefined) child.stdin?.end(options.stdin);
  let stdout = '';
  let stderr = '';
  if (options.closeStdout === true) child.stdout?.destroy();
  else child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const done = new Promise<CliRun>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  return { child, done };
}

export function runCli(args: string[], options: CliRunOptions): Promise<CliRun> {
  return startCli(args, options).done;
}

/**
 * The arguments that put one agent on `model` at `baseUrl` with no configuration file, with
 * `--backend` when the backend is not the one the model's name implies.
 */
export function modelArgs(model: string, baseUrl: string, backend?: string): string[] {
  return ['--model', model, ...(backend === undefined ? [] : ['--backend', backend]), '--base-url', baseUrl];
}
