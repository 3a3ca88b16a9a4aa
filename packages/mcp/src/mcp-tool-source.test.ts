import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '@massgen/testing/vitest';
import type { Tool, ToolPackageModule, ToolSource, Warning } from '@massgen/core';
import { parseConfig } from '@massgen/config';
import { openToolPackage } from '@massgen/runtime';
import { descendantProcesses, processCommandLine } from '@massgen/testing';
import { startHttpTestServer } from './http-test-server.js';
import type { HttpTestServer } from './http-test-server.js';
import * as mcpPackage from './index.js';
import { createMcpToolSource } from './mcp-tool-source.js';
import type { McpSettings } from './mcp-settings.js';
import { referenceServerBin } from './reference-servers.js';

const everythingBin = referenceServerBin('server-everything');
const filesystemBin = referenceServerBin('server-filesystem');
const quote = (value: string): string => JSON.stringify(value);

const scratch = useTemporaryDirectory('mcp-extension');
let http: HttpTestServer;
let extension: ToolSource | undefined;

beforeEach(async () => {
  http = await startHttpTestServer('capitals-key-0123456789');
});

afterEach(async () => {
  await extension?.close();
  extension = undefined;
  await http.close();
});

/** The seed's map form for one agent, upstream's list form for the other, as configurations mix them. */
function teamYaml(): string {
  return `agents:
  - id: planner
    backend:
      type: chatcompletion
      model: m
      mcp_servers:
        everything:
          type: stdio
          command: ${quote(process.execPath)}
          args: [${quote(everythingBin)}]
          env:
            WEATHER_API_KEY: "\${WEATHER_API_KEY}"
  - id: reader
    backend:
      type: chatcompletion
      model: m
      mcp_servers:
        - name: files
          command: ${quote(process.execPath)}
          args: [${quote(filesystemBin)}, ${quote(scratch.path)}]
          allowed_tools: [read_text_file, mcp__files__list_directory, read_everything]
        - name: capitals
          type: streamable-http
          url: ${quote(http.url)}
          headers:
            x-api-key: "\${CAPITALS_KEY}"
        - name: weather
          command: massgen-no-such-weather-server
`;
}

function everythingOnly(): string {
  return `agent:
  id: planner
  backend:
    type: chatcompletion
    model: m
    mcp_servers:
      everything:
        command: ${quote(process.execPath)}
        args: [${quote(everythingBin)}]
`;
}

async function open(
  yaml: string,
  settings: Partial<McpSettings> = {},
  signal = new AbortController().signal,
): Promise<{ extension: ToolSource; warnings: Warning[] }> {
  const env = {
    PATH: process.env['PATH'],
    HOME: scratch.path,
    WEATHER_API_KEY: 'weather-key-42',
    CAPITALS_KEY: 'capitals-key-0123456789',
    OPENAI_API_KEY: 'sk-not-for-servers',
  };
  const config = parseConfig(yaml, { baseDir: scratch.path, cwd: scratch.path, env });
  const warnings: Warning[] = [];
  const withLimits: ToolPackageModule = {
    ...(mcpPackage as ToolPackageModule),
    createToolSource: (context) => createMcpToolSource(context as Parameters<typeof createMcpToolSource>[0], settings),
  };
  const opened = await openToolPackage(withLimits, config, 'mcp', {
    runId: 'run-1',
    cwd: scratch.path,
    signal,
    warn: (warning) => warnings.push(warning),
  });
  if (opened === undefined) throw new Error('the run does not need the mcp package');
  extension = opened;
  return { extension: opened, warnings };
}

function toolNamed(tools: readonly Tool[], name: string): Tool {
  const tool = tools.find((candidate) => candidate.name === name);
  if (tool === undefined)
    throw new Error(`no tool ${name} among ${tools.map((candidate) => candidate.name).join(', ')}`);
  return tool;
}

const call = (tool: Tool, input: unknown) =>
  tool.execute(input, { agentId: 'planner', signal: new AbortController().signal });

/** The MCP server processes this test process started. */
const serverProcesses = (bins: readonly string[] = [everythingBin, filesystemBin]): number[] =>
  descendantProcesses(process.pid).filter((pid) => bins.some((bin) => processCommandLine(pid).includes(bin)));

describe('createMcpToolSource', () => {
  it("gives each agent its own servers' tools as mcp__<server>__<tool>, filtered, and reports a server that failed to start", async () => {
    const { extension, warnings } = await open(teamYaml());
    const plannerTools = extension.toolsFor?.('planner') ?? [];
    expect(plannerTools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['mcp__everything__echo', 'mcp__everything__get-env']),
    );
    expect(plannerTools.every((tool) => tool.name.startsWith('mcp__everything__'))).toBe(true);
    expect((extension.toolsFor?.('reader') ?? []).map((tool) => tool.name)).toEqual([
      'mcp__files__read_text_file',
      'mcp__files__list_directory',
      'mcp__capitals__capital',
    ]);
    expect(extension.toolsFor?.('nobody')).toEqual([]);
    expect(toolNamed(plannerTools, 'mcp__everything__echo')).toMatchObject({
      description: 'Echoes back the input string',
      inputSchema: { type: 'object' },
    });

    expect(warnings).toEqual([
      {
        code: 'mcp-server-failed',
        message:
          'MCP server "weather" of agent reader failed to start, so the agent goes on without its tools: command "massgen-no-such-weather-server" was not found; check that it is installed and on PATH',
        agentId: 'reader',
      },
      expect.objectContaining({
        code: 'mcp-unknown-tool',
        agentId: 'reader',
        message: expect.stringContaining('MCP server "files" of agent reader has no tool named "read_everything"'),
      }),
    ]);
  });

  it('runs the tools of stdio and streamable-HTTP servers', async () => {
    writeFileSync(path.join(scratch.path, 'notes.txt'), 'The launch is on Tuesday.');
    const { extension } = await open(teamYaml());
    const readerTools = extension.toolsFor?.('reader') ?? [];
    expect(
      await call(toolNamed(extension.toolsFor?.('planner') ?? [], 'mcp__everything__echo'), { message: 'hi' }),
    ).toEqual({ content: 'Echo: hi', isError: false });
    expect(
      await call(toolNamed(readerTools, 'mcp__files__read_text_file'), { path: path.join(scratch.path, 'notes.txt') }),
    ).toEqual({ content: 'The launch is on Tuesday.', isError: false });
    // The server says read_text_file changes nothing (readOnlyHint), so planning mode lets it run; the capitals server says nothing.
    expect(toolNamed(readerTools, 'mcp__files__read_text_file').readOnly).toBe(true);
    expect(toolNamed(readerTools, 'mcp__capitals__capital').readOnly).toBeUndefined();
    expect(await call(toolNamed(readerTools, 'mcp__capitals__capital'), { country: 'Japan' })).toEqual({
      content: 'The capital of Japan is Tokyo.',
      isError: false,
    });
    expect(await call(toolNamed(readerTools, 'mcp__capitals__capital'), { country: 'Atlantis' })).toEqual({
      content: 'No capital known for "Atlantis".',
      isError: true,
    });
  });

  it('passes a server its env block, ${VAR} filled from the environment, and no API key of MassGen', async () => {
    const { extension } = await open(teamYaml());
    const result = await call(toolNamed(extension.toolsFor?.('planner') ?? [], 'mcp__everything__get-env'), {});
    const environment = JSON.parse(result.content) as Record<string, string>;
    expect(environment['WEATHER_API_KEY']).toBe('weather-key-42');
    expect(environment['OPENAI_API_KEY']).toBeUndefined();
    expect(environment['CAPITALS_KEY']).toBeUndefined();
  });

  it('cancels a tool call that exceeds the tool timeout, and the server keeps serving', async () => {
    const { extension } = await open(everythingOnly(), { toolTimeoutMs: 200, closeGraceMs: 200 });
    const tools = extension.toolsFor?.('planner') ?? [];
    const slow = await call(toolNamed(tools, 'mcp__everything__trigger-long-running-operation'), {
      duration: 60,
      steps: 1,
    });
    expect(slow).toEqual({
      content:
        'mcp__everything__trigger-long-running-operation timed out after 0.2 s and was cancelled. Try a smaller request, or go on without this tool.',
      isError: true,
    });
    expect(await call(toolNamed(tools, 'mcp__everything__echo'), { message: 'still here' })).toEqual({
      content: 'Echo: still here',
      isError: false,
    });
  });

  it('cuts a result longer than the cap and says how much was cut', async () => {
    const { extension } = await open(everythingOnly(), { maxResultCharacters: 100 });
    const result = await call(toolNamed(extension.toolsFor?.('planner') ?? [], 'mcp__everything__echo'), {
      message: 'x'.repeat(500),
    });
    expect(result.content).toBe(
      `Echo: ${'x'.repeat(94)}\n\n[Result truncated: 406 of 506 characters were cut; only the first 100 are shown.]`,
    );
  });

  it('tells the model when its input is not an object', async () => {
    const { extension } = await open(everythingOnly());
    expect(await call(toolNamed(extension.toolsFor?.('planner') ?? [], 'mcp__everything__echo'), ['hi'])).toEqual({
      content: 'mcp__everything__echo expects a JSON object as input, matching its input schema.',
      isError: true,
    });
  });

  it('reports a server that dies during the run by name, and its tools then fail with the reason', async () => {
    const { extension, warnings } = await open(everythingOnly());
    const [pid] = serverProcesses([everythingBin]);
    expect(pid).toBeDefined();
    process.kill(pid!, 'SIGKILL');
    await expect.poll(() => warnings.length, { timeout: 10_000 }).toBe(1);
    expect(warnings[0]).toEqual({
      code: 'mcp-server-stopped',
      message:
        'MCP server "everything" of agent planner stopped, so the agent goes on without its tools: it was stopped by SIGKILL; its last output: Starting default (STDIO) server...',
      agentId: 'planner',
    });
    const result = await call(toolNamed(extension.toolsFor?.('planner') ?? [], 'mcp__everything__echo'), {
      message: 'hi',
    });
    expect(result).toEqual({
      content:
        'mcp__everything__echo failed: MCP server "everything" is not running: it was stopped by SIGKILL; its last output: Starting default (STDIO) server...',
      isError: true,
    });
  });

  it('stops every server process on close, and reports nothing about them', async () => {
    const { extension, warnings } = await open(teamYaml());
    expect(serverProcesses()).toHaveLength(2);
    expect(http.openSessions).toBe(1);
    await extension.close();
    expect(serverProcesses()).toEqual([]);
    expect(http.openSessions).toBe(0);
    expect(warnings.map((warning) => warning.code)).toEqual(['mcp-server-failed', 'mcp-unknown-tool']);
  });

  it('starts nothing and reports nothing when the run is already cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const { extension, warnings } = await open(teamYaml(), {}, controller.signal);
    expect(extension.toolsFor?.('planner')).toEqual([]);
    expect(warnings).toEqual([]);
    expect(serverProcesses()).toEqual([]);
  });
});
