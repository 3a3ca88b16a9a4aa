import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.js';

/** A private `redis-server` for one test file: its own port and directory, nothing saved. */
export interface TestRedisServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Why `startRedisServer` cannot run here, or undefined when it can. */
export function redisServerUnavailable(): string | undefined {
  const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (probe.error !== undefined)
    return `redis-server is not installed (${probe.error.message}); .ci/run installs Debian's redis-server`;
  return undefined;
}

/**
 * Starts `redis-server` on a free loopback port in a temporary directory, with persistence off,
 * and resolves once it accepts connections.
 */
export async function startRedisServer(): Promise<TestRedisServer> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const port = await freePort();
    const directory = mkdtempSync(path.join(tmpdir(), 'massgen-redis-'));
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--dir', directory, '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const listening = new Promise<boolean>((resolve) => {
      const onData = (chunk: string): void => {
        output += chunk;
        if (output.includes('Ready to accept connections')) resolve(true);
      };
      child.stdout.setEncoding('utf8').on('data', onData);
      child.stderr.setEncoding('utf8').on('data', onData);
    });
    const ready = await Promise.race([listening, exited.then(() => false)]);
    if (ready) {
      return {
        url: `redis://127.0.0.1:${port}/0`,
        port,
        close: async () => {
          if (child.exitCode === null) {
            child.kill('SIGKILL');
            await exited;
          }
          rmSync(directory, { recursive: true, force: true });
        },
      };
    }
    rmSync(directory, { recursive: true, force: true });
    // Another process took the port between our probe and redis-server's bind: try another.
    lastError = new Error(`redis-server exited before accepting connections on port ${port}:\n${output}`);
  }
  throw lastError;
}
