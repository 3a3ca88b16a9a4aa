import { spawn } from 'node:child_process';
import { cliBin } from './run-cli.js';

/** A `massgen serve` started by a test, listening. */
export interface ServeProcess {
  child: ReturnType<typeof spawn>;
  url: string;
  stderr: () => string;
  exited: Promise<number | null>;
}

const running: ServeProcess[] = [];

/**
 * Starts the built `massgen serve` in `cwd` on a free port and waits for the lines that give its
 * URL and models. `stopServes()` (in `afterEach`) stops every one started, listening or not.
 */
export function startServe(cwd: string, args: string[], env: Record<string, string> = {}): Promise<ServeProcess> {
  const child = spawn(process.execPath, [cliBin, 'serve', '--port', '0', ...args], {
    cwd,
    env: { PATH: process.env['PATH'], HOME: process.env['HOME'], ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  // Registered before it is known to listen, so the cleanup stops it whatever happens next.
  const started: ServeProcess = { child, url: '', stderr: () => stderr, exited };
  running.push(started);
  return new Promise((resolve, reject) => {
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const match = /listening on (http:\/\/\S+) .*\nModels: .*\n/.exec(stderr);
      if (match?.[1] !== undefined) resolve({ ...started, url: match[1] });
    });
    void exited.then((code) =>
      reject(new Error(`massgen serve exited with ${String(code)} before listening:\n${stderr}`)),
    );
  });
}

/** Stops every `massgen serve` the test started, and waits for each to exit. */
export async function stopServes(): Promise<void> {
  for (const started of running.splice(0)) {
    started.child.kill('SIGKILL');
    await started.exited;
  }
}
