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

/** Starts the built `massgen` binary as a user would, in its own process. */
export function startCli(
  args: string[],
  options: { cwd: string; env?: Record<string, string | undefined> },
): StartedCli {
  const child = spawn(process.execPath, [cliBin, ...args], {
    cwd: options.cwd,
    env: { PATH: process.env['PATH'], HOME: process.env['HOME'], ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const done = new Promise<CliRun>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  return { child, done };
}

export function runCli(
  args: string[],
  options: { cwd: string; env?: Record<string, string | undefined> },
): Promise<CliRun> {
  return startCli(args, options).done;
}
