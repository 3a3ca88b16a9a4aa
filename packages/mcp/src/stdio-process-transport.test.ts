import { describe, expect, it } from 'vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { isProcessRunning } from '@massgen/testing';
import { StdioProcessTransport } from './stdio-process-transport.js';

const baseEnv = { PATH: process.env['PATH'] ?? '' };

/** A node program as a stdio "server": it announces itself with a JSON-RPC notification once set up. */
function nodeProgram(source: string, closeGraceMs = 5_000): StdioProcessTransport {
  return new StdioProcessTransport({ command: process.execPath, args: ['-e', source], env: baseEnv, closeGraceMs });
}

function nextMessage(transport: StdioProcessTransport): Promise<JSONRPCMessage> {
  return new Promise((resolve) => {
    transport.onmessage = resolve;
  });
}

const announce = (params: string): string =>
  `process.stdout.write(JSON.stringify({ jsonrpc: '2.0', method: 'ready', params: ${params} }) + '\\n');`;

describe.runIf(process.platform === 'linux')('StdioProcessTransport', () => {
  it('passes exactly the environment it is given, and the marker that finds what the server leaves behind', async () => {
    const transport = new StdioProcessTransport({
      command: process.execPath,
      args: ['-e', `${announce('{ keys: Object.keys(process.env).sort() }')} process.stdin.resume();`],
      env: { PATH: baseEnv.PATH, ONLY_THIS: '1' },
      closeGraceMs: 5_000,
    });
    const message = nextMessage(transport);
    await transport.start();
    expect(await message).toMatchObject({ params: { keys: ['MASSGEN_CONTAINMENT_SCOPE', 'ONLY_THIS', 'PATH'] } });
    await transport.close();
  });

  it('lets a server exit on its own once its stdin closes', async () => {
    const transport = nodeProgram(`${announce('{}')} process.stdin.resume();`);
    const ready = nextMessage(transport);
    await transport.start();
    await ready;
    const pid = transport.pid!;
    await transport.close();
    expect(transport.exit).toEqual({ code: 0, signal: null });
    expect(isProcessRunning(pid)).toBe(false);
  });

  it('kills a server that ignores the end of its stdin and SIGTERM', async () => {
    const transport = nodeProgram(
      `process.on('SIGTERM', () => {}); setInterval(() => {}, 1000); ${announce('{}')}`,
      100,
    );
    const ready = nextMessage(transport);
    await transport.start();
    await ready;
    await transport.close();
    expect(transport.exit).toEqual({ code: null, signal: 'SIGKILL' });
  });

  it('stops what the server started along with it', async () => {
    const transport = nodeProgram(
      `const { spawn } = require('node:child_process');
       const helper = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
       ${announce('{ helper: helper.pid }')}
       process.stdin.on('end', () => process.exit(0));
       process.stdin.resume();`,
    );
    const ready = nextMessage(transport);
    await transport.start();
    const message = (await ready) as unknown as { params: { helper: number } };
    expect(isProcessRunning(message.params.helper)).toBe(true);
    await transport.close();
    await expect.poll(() => isProcessRunning(message.params.helper), { timeout: 10_000 }).toBe(false);
  });

  it('reports how a server that crashed ended, with the end of its stderr', async () => {
    const transport = nodeProgram(`console.error('Error: missing configuration file'); process.exit(3);`);
    const closed = new Promise<void>((resolve) => {
      transport.onclose = resolve;
    });
    await transport.start();
    await closed;
    expect(transport.describeExit()).toBe('exited with code 3; its last output: Error: missing configuration file');
    await expect(transport.send({ jsonrpc: '2.0', method: 'ping', id: 1 })).rejects.toThrow('not running');
  });

  it('skips a stdout line that is not JSON-RPC and delivers the next message', async () => {
    const transport = nodeProgram(
      `console.log('Server listening (a log line on stdout)'); ${announce('{ after: true }')} process.stdin.resume();`,
    );
    const errors: Error[] = [];
    transport.onerror = (error) => errors.push(error);
    const message = nextMessage(transport);
    await transport.start();
    expect(await message).toMatchObject({ method: 'ready', params: { after: true } });
    expect(errors).toHaveLength(1);
    await transport.close();
  });

  it('rejects the start of a command that does not exist', async () => {
    const transport = new StdioProcessTransport({
      command: 'massgen-no-such-command',
      args: [],
      env: baseEnv,
      closeGraceMs: 100,
    });
    await expect(transport.start()).rejects.toMatchObject({ code: 'ENOENT' });
    await transport.close();
  });
});
