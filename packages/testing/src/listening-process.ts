import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';

/** A Node.js server process a test started, once it says it listens. */
export interface ListeningProcess {
  child: ChildProcess;
  /** The URL it said it listens on. */
  url: string;
  /** All it has written to stderr so far. */
  stderr: () => string;
  /** Its exit code, once it has closed. */
  exited: Promise<number | null>;
}

export interface ListeningProcessOptions {
  /** Names the process in the error when it exits before listening (`massgen serve`). */
  name: string;
  cwd: string;
  /** Matches its stderr once it listens; the first group is the URL. */
  listening: RegExp;
  /** Added to an environment of only `PATH` and `HOME`, so the developer's keys never reach it. */
  env?: Record<string, string>;
  /** Given the process as soon as it is spawned (its `url` still empty), so a cleanup can stop it whatever happens next. */
  onSpawn?: (started: ListeningProcess) => void;
}

/** Starts `node <args>` and resolves once its stderr matches `listening`; rejects if it exits first. */
export function startListeningProcess(args: string[], options: ListeningProcessOptions): Promise<ListeningProcess> {
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: { PATH: process.env['PATH'], HOME: process.env['HOME'], ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const started: ListeningProcess = { child, url: '', stderr: () => stderr, exited };
  options.onSpawn?.(started);
  return new Promise((resolve, reject) => {
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const url = options.listening.exec(stderr)?.[1];
      if (url !== undefined) resolve({ ...started, url });
    });
    void exited.then((code) =>
      reject(new Error(`${options.name} exited with ${String(code)} before listening:\n${stderr}`)),
    );
  });
}
