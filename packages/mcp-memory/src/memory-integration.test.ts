import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { McpIntegrationModule } from '@massgen/core';
import { connectStartedServer } from '@massgen/mcp/testing';
import type { McpServerConnection } from '@massgen/mcp';
import * as memory from './index.js';

let directory: string;
let connection: McpServerConnection | undefined;

beforeEach(() => {
  directory = realpathSync(mkdtempSync(path.join(tmpdir(), 'massgen-mcp-memory-')));
  mkdirSync(path.join(directory, 'ws'));
});

afterEach(async () => {
  await connection?.close();
  connection = undefined;
  rmSync(directory, { recursive: true, force: true });
});

const workspace = () => ({
  directory: path.join(directory, 'ws'),
  roots: () => [{ path: path.join(directory, 'ws'), access: 'write' as const }],
  protectedPaths: () => [],
});

describe('@massgen/mcp-memory', () => {
  it('is an MCP integration module that keeps its graph in the workspace, or in options.file', () => {
    const module: McpIntegrationModule<memory.MemoryOptions> = memory;
    const context = { agentId: 'a', baseDir: directory, workspace: workspace() };
    expect(module.createServer({}, context).env).toEqual({
      MEMORY_FILE_PATH: path.join(directory, 'ws', 'memory.jsonl'),
    });
    expect(module.createServer({ file: 'graph.jsonl' }, context).env).toEqual({
      MEMORY_FILE_PATH: path.join(directory, 'graph.jsonl'),
    });
    expect(() => module.createServer({ file: 'missing/graph.jsonl' }, context)).toThrow(
      `the directory of options.file (${path.join(directory, 'missing')}) does not exist`,
    );
    expect(() => module.createServer({}, { agentId: 'a', baseDir: directory })).toThrow(
      "the memory integration keeps its graph in agent a's workspace, and it has none",
    );
  });

  it('starts the pinned server, which offers the tools its metadata lists and writes the graph to the workspace', async () => {
    const started = memory.createServer({}, { agentId: 'a', baseDir: directory, workspace: workspace() });
    connection = await connectStartedServer('memory', started, directory);
    expect(connection.tools.map((tool) => tool.name).sort()).toEqual([...memory.metadata.tools].sort());
    await connection.callTool(
      'create_entities',
      { entities: [{ name: 'Ada', entityType: 'person', observations: ['ships on Friday'] }] },
      { signal: new AbortController().signal, timeoutMs: 30_000 },
    );
    const file = path.join(directory, 'ws', 'memory.jsonl');
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toContain('ships on Friday');
  });
});
