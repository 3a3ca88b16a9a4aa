import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MassGenError } from '@massgen/core';
import type { McpIntegrationModule } from '@massgen/core';
import { connectMcpServer } from '@massgen/mcp';
import type { McpServerConnection } from '@massgen/mcp';
import * as notebook from './index.js';

let directory: string;
let connection: McpServerConnection | undefined;
const code = 'open-sesame-4411';

beforeEach(() => {
  directory = realpathSync(mkdtempSync(path.join(tmpdir(), 'massgen-mcp-notebook-')));
  writeFileSync(
    path.join(directory, 'notebook.json'),
    JSON.stringify({ access_code: code, notes: { launch: 'We launch on Friday.' } }),
  );
});

afterEach(async () => {
  await connection?.close();
  connection = undefined;
  rmSync(directory, { recursive: true, force: true });
});

function connect(accessCode: string, secrets: readonly string[] = []) {
  const started = notebook.createServer(
    { file: 'notebook.json', access_code: accessCode },
    { agentId: 'a', baseDir: directory },
  );
  return connectMcpServer(
    { name: 'notes', type: 'stdio', command: started.command, args: started.args, env: started.env ?? {} },
    {
      env: { PATH: process.env['PATH'] },
      baseDir: directory,
      signal: new AbortController().signal,
      startTimeoutMs: 30_000,
      closeGraceMs: 2_000,
      secrets,
    },
  );
}

describe('massgen-mcp-notebook', () => {
  it('is an MCP integration module whose secret option goes to the environment, not the command line', () => {
    const module: McpIntegrationModule<notebook.NotebookOptions> = notebook;
    const started = module.createServer(
      { file: 'notebook.json', access_code: code },
      { agentId: 'a', baseDir: directory },
    );
    expect(started.command).toBe(process.execPath);
    expect(started.args).toEqual([
      path.join(path.dirname(import.meta.dirname), 'bin', 'notebook-server.mjs'),
      path.join(directory, 'notebook.json'),
    ]);
    expect(started.env).toEqual({ NOTEBOOK_ACCESS_CODE: code });
    expect(module.metadata.secretOptions).toEqual(['access_code']);
  });

  it('starts its own server, which offers the tools its metadata lists and reads a note', async () => {
    connection = await connect(code);
    expect(connection.tools.map((tool) => tool.name)).toEqual([...notebook.metadata.tools]);
    const result = await connection.callTool(
      'read_note',
      { title: 'launch' },
      { signal: new AbortController().signal, timeoutMs: 10_000 },
    );
    expect(result.content).toEqual([{ type: 'text', text: 'We launch on Friday.' }]);
  });

  it('fails to start on a wrong code, its echo of the code redacted', async () => {
    const wrong = 'wrong-code-9090';
    const error = await connect(wrong, [wrong]).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(MassGenError.isInstance(error)).toBe(true);
    const message = (error as MassGenError).message;
    expect(message).toContain('MCP server "notes" failed to start');
    expect(message).toContain('the access code [redacted] does not open');
    expect(message).not.toContain(wrong);
  });
});
