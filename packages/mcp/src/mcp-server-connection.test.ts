import { mkdirSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '@massgen/testing/vitest';
import type { MassGenError } from '@massgen/core';
import type { McpServerConfig } from './mcp-servers-settings.js';
import { descendantProcesses, isProcessRunning, processCommandLine } from '@massgen/testing';
import { connectMcpServer } from './mcp-server-connection.js';
import { massGenFailure } from './mcp-test-support.js';
import type { ConnectOptions, McpServerConnection } from './mcp-server-connection.js';
import { referenceServerBin } from './reference-servers.js';

const scratch = useTemporaryDirectory('mcp');
const open: McpServerConnection[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()));
});

function stdioServer(
  name: string,
  command: string,
  args: string[],
  extra: Partial<Extract<McpServerConfig, { type: 'stdio' }>> = {},
): McpServerConfig {
  return { name, type: 'stdio', command, args, env: {}, ...extra };
}

const everything = (extra: Partial<Extract<McpServerConfig, { type: 'stdio' }>> = {}): McpServerConfig =>
  stdioServer('everything', process.execPath, [referenceServerBin('server-everything')], extra);

/** Processes this test process started with this Node: the servers under test. */
const nodeChildren = (): number[] =>
  descendantProcesses(process.pid).filter((pid) => processCommandLine(pid).startsWith(process.execPath));

function options(overrides: Partial<ConnectOptions> = {}): ConnectOptions {
  return {
    env: { PATH: process.env['PATH'], HOME: scratch.path, OPENAI_API_KEY: 'sk-parent-secret-key' },
    baseDir: scratch.path,
    signal: new AbortController().signal,
    startTimeoutMs: 20_000,
    closeGraceMs: 2_000,
    ...overrides,
  };
}

async function connect(server: McpServerConfig, overrides: Partial<ConnectOptions> = {}): Promise<McpServerConnection> {
  const connection = await connectMcpServer(server, options(overrides));
  open.push(connection);
  return connection;
}

function startFailure(server: McpServerConfig, overrides: Partial<ConnectOptions> = {}): Promise<MassGenError> {
  return massGenFailure(connectMcpServer(server, options(overrides)));
}

describe('connectMcpServer over stdio (server-everything)', () => {
  it('starts the server, lists its tools and calls one', async () => {
    const connection = await connect(everything());
    expect(connection.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['echo', 'get-sum', 'get-env']));
    const result = await connection.callTool(
      'echo',
      { message: 'hello' },
      { signal: new AbortController().signal, timeoutMs: 10_000 },
    );
    expect(result.content).toEqual([{ type: 'text', text: 'Echo: hello' }]);
  });

  it('gives the server its env block and a safe base, never the parent environment', async () => {
    const connection = await connect(everything({ env: { WEATHER_API_KEY: 'weather-key-123' } }));
    const result = await connection.callTool(
      'get-env',
      {},
      { signal: new AbortController().signal, timeoutMs: 10_000 },
    );
    const first = result.content[0];
    const environment = JSON.parse(first?.type === 'text' ? first.text : '{}') as Record<string, string>;
    expect(environment['WEATHER_API_KEY']).toBe('weather-key-123');
    expect(environment['PATH']).toBe(process.env['PATH']);
    expect(environment['OPENAI_API_KEY']).toBeUndefined();
    expect(JSON.stringify(environment)).not.toContain('sk-parent-secret-key');
  });

  it.runIf(process.platform === 'linux')(
    'runs the server in its cwd, relative to the configuration directory',
    async () => {
      mkdirSync(path.join(scratch.path, 'server-home'));
      const connection = await connect(everything({ cwd: 'server-home' }));
      expect(readlinkSync(`/proc/${connection.pid}/cwd`)).toBe(realpathSync(path.join(scratch.path, 'server-home')));
    },
  );

  it('closes the server process', async () => {
    const connection = await connect(everything());
    const pid = connection.pid!;
    expect(isProcessRunning(pid)).toBe(true);
    await connection.close();
    expect(isProcessRunning(pid)).toBe(false);
  });

  it('reports a server that stops on its own, once, and refuses later calls', async () => {
    const reasons: string[] = [];
    let reportStop: () => void = () => undefined;
    const stopped = new Promise<void>((resolve) => {
      reportStop = resolve;
    });
    const connection = await connect(everything(), {
      onStopped: (reason) => {
        reasons.push(reason);
        reportStop();
      },
    });
    process.kill(connection.pid!, 'SIGKILL');
    await stopped;
    await connection.close();
    expect(reasons).toEqual(['was stopped by SIGKILL; its last output: Starting default (STDIO) server...']);
    expect(connection.failure).toBe(reasons[0]);
    await expect(
      connection.callTool('echo', { message: 'x' }, { signal: new AbortController().signal, timeoutMs: 1_000 }),
    ).rejects.toThrow('MCP server "everything" is not running: it was stopped by SIGKILL');
  });
});

describe('connectMcpServer start failures', () => {
  it('names a command that is not installed', async () => {
    const error = await startFailure(stdioServer('weather', 'massgen-no-such-server', []));
    expect(error.code).toBe('TOOL_FAILED');
    expect(error.message).toBe(
      'MCP server "weather" failed to start: command "massgen-no-such-server" was not found; check that it is installed and on PATH',
    );
  });

  it('quotes the end of the stderr of a server that exits before it is ready, without its secrets', async () => {
    const error = await startFailure(
      stdioServer(
        'broken',
        process.execPath,
        ['-e', "console.error('invalid key ' + process.env.BROKEN_API_KEY); process.exit(3)"],
        { env: { BROKEN_API_KEY: 'very-secret-value' } },
      ),
    );
    expect(error.message).toBe(
      'MCP server "broken" failed to start: the process exited with code 3 before it was ready; its last output: invalid key [redacted]',
    );
  });

  it('times out a server that never answers and leaves no process behind', async () => {
    const error = await startFailure(stdioServer('silent', process.execPath, ['-e', 'setInterval(() => {}, 1000)']), {
      startTimeoutMs: 300,
      closeGraceMs: 100,
    });
    expect(error.code).toBe('TIMEOUT');
    expect(error.message).toBe(
      'MCP server "silent" failed to start: it did not complete the MCP handshake within 0.3 s',
    );
    expect(nodeChildren()).toEqual([]);
  });

  it('rejects a cwd that is not a directory', async () => {
    const error = await startFailure(everything({ cwd: 'missing' }));
    expect(error.message).toBe(
      `MCP server "everything" failed to start: its cwd ${path.join(scratch.path, 'missing')} is not a directory`,
    );
  });

  it('stops starting when the run is cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await startFailure(everything(), { signal: controller.signal });
    expect(error.code).toBe('ABORTED');
    expect(nodeChildren()).toEqual([]);
  });
});
