import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { isProcessRunning } from '@massgen/testing';

const transportModule = pathToFileURL(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'stdio-process-transport.ts'),
).href;
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const leftovers: number[] = [];

afterEach(() => {
  for (const pid of leftovers.splice(0)) if (isProcessRunning(pid)) process.kill(pid, 'SIGKILL');
});

describe.runIf(process.platform === 'linux')('server processes when MassGen exits without closing them', () => {
  it('are killed on the way out, as after a second Ctrl-C', async () => {
    // A MassGen stand-in: starts a server that ignores the end of its stdin, prints its pid, and exits at once.
    const program = `
      const { StdioProcessTransport } = await import(${JSON.stringify(transportModule)});
      const transport = new StdioProcessTransport({
        command: process.execPath,
        args: ['-e', 'setInterval(() => {}, 1000)'],
        env: { PATH: process.env.PATH ?? '' },
        closeGraceMs: 1000,
      });
      await transport.start();
      console.log(transport.pid);
      process.exit(4);
    `;
    const massgen = spawn(process.execPath, ['--import', tsxLoader, '--input-type=module', '-e', program], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    massgen.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const [code] = (await once(massgen, 'close')) as [number];
    const serverPid = Number(output.trim());
    leftovers.push(serverPid);
    expect(code).toBe(4);
    expect(serverPid).toBeGreaterThan(0);
    await expect.poll(() => isProcessRunning(serverPid), { timeout: 10_000 }).toBe(false);
  });
});
