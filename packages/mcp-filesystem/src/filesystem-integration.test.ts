import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentWorkspace, McpIntegrationModule } from '@massgen/core';
import { connectStartedServer } from '@massgen/mcp/testing';
import type { McpServerConnection } from '@massgen/mcp';
import * as filesystem from './index.js';

let directory: string;
let connection: McpServerConnection | undefined;

beforeEach(() => {
  directory = realpathSync(mkdtempSync(path.join(tmpdir(), 'massgen-mcp-filesystem-')));
  for (const name of ['ws', 'shared']) mkdirSync(path.join(directory, name));
  writeFileSync(path.join(directory, 'shared', 'brief.md'), 'The brief.');
});

afterEach(async () => {
  await connection?.close();
  connection = undefined;
  rmSync(directory, { recursive: true, force: true });
});

function workspace(): AgentWorkspace {
  return {
    directory: path.join(directory, 'ws'),
    roots: () => [
      { path: path.join(directory, 'others'), access: 'none' },
      { path: path.join(directory, 'shared'), access: 'read' },
      { path: path.join(directory, 'ws'), access: 'write' },
    ],
    protectedPaths: () => [],
  };
}

describe('@massgen/mcp-filesystem', () => {
  it('is an MCP integration module', () => {
    const module: McpIntegrationModule<filesystem.FilesystemOptions> = filesystem;
    expect(module.metadata.name).toBe('filesystem');
  });

  it("serves the workspace and, read-only, the context paths; never another agent's directory", () => {
    const started = filesystem.createServer({}, { agentId: 'a', baseDir: directory, workspace: workspace() });
    expect(started.command).toBe(process.execPath);
    expect(started.args.slice(1)).toEqual([path.join(directory, 'ws'), path.join(directory, 'shared')]);
    expect(started.readOnlyPaths).toEqual([path.join(directory, 'shared')]);
    expect(started.args[0]).toMatch(/server-filesystem[\\/].*\.js$/);
  });

  it('serves options.paths instead, from the configuration directory, and refuses an agent with nothing to serve', () => {
    const started = filesystem.createServer({ paths: ['shared'] }, { agentId: 'a', baseDir: directory });
    expect(started.args.slice(1)).toEqual([path.join(directory, 'shared')]);
    expect(started.readOnlyPaths).toBeUndefined();
    expect(() => filesystem.createServer({}, { agentId: 'a', baseDir: directory })).toThrow(
      "the filesystem integration serves agent a's workspace and context paths, and it has neither",
    );
    expect(filesystem.optionsSchema.safeParse({ paths: 'shared' }).success).toBe(false);
    expect(filesystem.optionsSchema.safeParse({ pahts: ['shared'] }).success).toBe(false);
  });

  it('starts the pinned server, which offers the tools its metadata lists and reads a served file', async () => {
    const started = filesystem.createServer({}, { agentId: 'a', baseDir: directory, workspace: workspace() });
    connection = await connectStartedServer('files', started, directory);
    expect(connection.tools.map((tool) => tool.name).sort()).toEqual([...filesystem.metadata.tools].sort());
    const result = await connection.callTool(
      'read_text_file',
      { path: path.join(directory, 'shared', 'brief.md') },
      { signal: new AbortController().signal, timeoutMs: 30_000 },
    );
    expect(result.content).toEqual([{ type: 'text', text: 'The brief.' }]);
  });

  it("takes upstream's npx arguments as they are", () => {
    expect(filesystem.serverFromArguments(['/data', '/more']).args.slice(1)).toEqual(['/data', '/more']);
  });
});
