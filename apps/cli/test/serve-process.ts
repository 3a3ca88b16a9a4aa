import { startListeningProcess } from '@massgen/testing';
import type { ListeningProcess } from '@massgen/testing';
import { cliBin } from './run-cli.js';

/** A `massgen serve` started by a test, listening. */
export type ServeProcess = ListeningProcess;

const running: ServeProcess[] = [];

/**
 * Starts the built `massgen serve` in `cwd` on a free port and waits for the lines that give its
 * URL and models. `stopServes()` (in `afterEach`) stops every one started, listening or not.
 */
export function startServe(cwd: string, args: string[], env: Record<string, string> = {}): Promise<ServeProcess> {
  return startListeningProcess([cliBin, 'serve', '--port', '0', ...args], {
    name: 'massgen serve',
    cwd,
    env,
    listening: /listening on (http:\/\/\S+) .*\nModels: .*\n/,
    onSpawn: (started) => running.push(started),
  });
}

/** Stops every `massgen serve` the test started, and waits for each to exit. */
export async function stopServes(): Promise<void> {
  for (const started of running.splice(0)) {
    started.child.kill('SIGKILL');
    await started.exited;
  }
}
