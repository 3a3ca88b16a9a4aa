import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MassGenError } from '@massgen/core';
import type { BackendRequest } from '@massgen/core';
import { parseConfig } from '@massgen/config';
import { createScriptedBackend } from '@massgen/testing';
import type { ScriptedTurn } from '@massgen/testing';
import { run } from './run.js';
import { installModulePackage, runtimeDirectory, useRunDirectory, weatherPlanner } from './run-test-support.js';

const runDirectory = useRunDirectory('extensions');

/** Runs `config` with a planner that never speaks, expects it refused as a configuration error, and returns the message. */
async function configRefusal(config: ReturnType<typeof parseConfig>): Promise<string> {
  const error = await run(config, 'q', {
    ...runDirectory.options(),
    record: false,
    backends: { planner: createScriptedBackend({ turns: [] }) },
  }).catch((caught: unknown) => caught);
  expect(MassGenError.isInstance(error) && error.code).toBe('CONFIG_INVALID');
  return (error as Error).message;
}

/** Installs a stand-in for @massgen/mcp in the user project: one tool, and a log of what it saw. */
function installFakeMcpPackage(): string {
  const log = path.join(runDirectory.path, 'extension.log');
  installModulePackage(
    runDirectory.path,
    '@massgen/mcp',
    `import { appendFileSync } from 'node:fs';
const log = (line) => appendFileSync(${JSON.stringify(log)}, line + '\\n');
export const specificationVersion = 'v1';
export async function createToolSource(context) {
  log('open ' + context.settings.agents.map((agent) => agent.agentId + ':' + Object.keys(agent.settings.mcp_servers).join(',')).join(';'));
  context.warn({ code: 'server-failed', message: 'weather_backup did not start' });
  return {
    name: 'mcp',
    toolsFor: (agentId) => [{
      name: 'mcp__weather__forecast',
      description: 'Forecast for a city',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
      execute: async (input) => ({ content: 'Sunny in ' + input.city + ' for ' + agentId }),
    }],
    onEvent: (event) => { if (event.type === 'answer' || event.type === 'run-end') log('event ' + event.type); },
    close: async () => log('close'),
  };
}
`,
  );
  return log;
}

const weatherAgent = `${weatherPlanner}orchestrator:
  coordinate_single_agent: true
`;

function planner(): ScriptedTurn[] | ((request: BackendRequest, index: number) => ScriptedTurn) {
  return (request, index) => {
    if (index === 0)
      return [
        { type: 'tool-call', id: 't1', name: 'mcp__weather__forecast', input: '{"city":"Beijing"}' },
        { type: 'finish', reason: 'tool-calls' },
      ];
    const toolResult = request.messages.find((message) => message.role === 'tool');
    if (index === 1)
      return [
        {
          type: 'tool-call',
          id: 'a1',
          name: 'new_answer',
          input: JSON.stringify({ content: `Pack light: ${toolResult?.content ?? 'no forecast'}` }),
        },
        { type: 'finish', reason: 'tool-calls' },
      ];
    const vote = request.tools?.find((tool) => tool.name === 'vote');
    if (vote !== undefined)
      return [
        { type: 'tool-call', id: 'v1', name: 'vote', input: '{"agent_id":"agent1","reason":"done"}' },
        { type: 'finish', reason: 'tool-calls' },
      ];
    return [
      { type: 'text-delta', text: 'Final answer' },
      { type: 'finish', reason: 'stop' },
    ];
  };
}

describe('tool packages', () => {
  it('opens the package a configuration names, gives its tools to the agent, shows it every event and closes it', async () => {
    const log = installFakeMcpPackage();
    const result = await run(runDirectory.config(weatherAgent), 'Weather?', {
      ...runDirectory.options(),
      backends: { planner: createScriptedBackend({ turns: planner() }) },
    });
    expect(result.answers[0]?.content).toBe('Pack light: Sunny in Beijing for planner');
    expect(result.warnings.map((warning) => warning.message)).toContain('weather_backup did not start');
    expect(readFileSync(log, 'utf8').trim().split('\n')).toEqual([
      'open planner:weather',
      'event answer',
      'event run-end',
      'close',
    ]);
  });

  it("hands the workspace a tool source knows for an agent to that agent's backend", async () => {
    installModulePackage(
      runDirectory.path,
      '@massgen/workspace',
      `export const specificationVersion = 'v1';
export async function createToolSource() {
  return {
    name: 'workspace',
    workspaceFor: (agentId) => agentId === 'builder' ? { directory: '/work/builder', roots: () => [{ path: '/work/builder', access: 'write' }], protectedPaths: () => [] } : undefined,
    close: async () => {},
  };
}
`,
    );
    const log = path.join(runDirectory.path, 'backend.log');
    installModulePackage(
      runDirectory.path,
      '@massgen/backend-probe',
      `import { appendFileSync } from 'node:fs';
export const specificationVersion = 'v1';
export function createBackend(settings) {
  appendFileSync(${JSON.stringify(log)}, settings.agentId + ' ' + (settings.workspace === undefined ? 'none' : settings.workspace.directory + ' ' + settings.workspace.roots()[0].access) + '\\n');
  return {
    specificationVersion: 'v1', provider: 'probe', modelId: 'm',
    async *stream(request) {
      const vote = request.tools?.find((tool) => tool.name === 'vote');
      if (vote !== undefined) yield { type: 'tool-call', id: 'v', name: 'vote', input: JSON.stringify({ agent_id: vote.inputSchema.properties.agent_id.enum[0], reason: 'ok' }) };
      else if (request.tools?.some((tool) => tool.name === 'new_answer')) yield { type: 'tool-call', id: 'a', name: 'new_answer', input: '{"content":"built"}' };
      else yield { type: 'text-delta', text: 'built' };
      yield { type: 'finish', reason: 'stop' };
    },
  };
}
`,
    );
    const team = `agents:
  - id: builder
    backend: { type: probe, model: m, cwd: builder }
  - id: reviewer
    backend: { type: probe, model: m }
`;
    const result = await run(runDirectory.config(team), 'Build it', {
      ...runDirectory.options(),
      record: false,
    });
    expect(result.stopReason).toBe('consensus');
    // Checked before the run (with the workspace declared), then created with the one the extension made.
    const created = readFileSync(log, 'utf8').trim().split('\n');
    expect(created).toContain('builder /work/builder write');
    expect(created.filter((line) => line.startsWith('reviewer'))).toEqual(['reviewer none', 'reviewer none']);
  });

  it('says which package the configuration needs, and where it names it, when the package is missing', async () => {
    const message = await configRefusal(runDirectory.config(weatherAgent));
    expect(message).toContain(
      'agent.backend.mcp_servers (line 6): tool package "mcp" (named by agent.backend.mcp_servers) needs the plugin @massgen/mcp, which is not installed. Add it with: massgen add @massgen/mcp (runs: pnpm add @massgen/mcp@',
    );
  });
});

describe('a third-party tool package loaded by name', () => {
  const repositoryRoot = path.resolve(runtimeDirectory, '../..');

  function installFixture(): void {
    mkdirSync(path.join(runDirectory.path, 'node_modules'), { recursive: true });
    symlinkSync(
      path.join(repositoryRoot, 'tools/massgen-tools-fixture'),
      path.join(runDirectory.path, 'node_modules', 'massgen-tools-fixture'),
      'dir',
    );
  }

  /** Calls `forecast` once, then answers with what it said; votes once there is an answer. */
  function forecaster(): (request: BackendRequest, index: number) => ScriptedTurn {
    return (request) => {
      const result = request.messages.find((message) => message.role === 'tool');
      const vote = request.tools?.find((tool) => tool.name === 'vote');
      if (vote !== undefined)
        return [
          { type: 'tool-call', id: 'v', name: 'vote', input: '{"agent_id":"agent1","reason":"it has the forecast"}' },
          { type: 'finish', reason: 'tool-calls' },
        ];
      if (result === undefined && request.tools?.some((tool) => tool.name === 'forecast') === true)
        return [
          { type: 'tool-call', id: 'f', name: 'forecast', input: '{"city":"Oslo"}' },
          { type: 'finish', reason: 'tool-calls' },
        ];
      const text = `Forecast: ${result?.role === 'tool' ? result.content : 'none'}`;
      return request.tools?.some((tool) => tool.name === 'new_answer') === true
        ? [
            { type: 'tool-call', id: 'a', name: 'new_answer', input: JSON.stringify({ content: text }) },
            { type: 'finish', reason: 'tool-calls' },
          ]
        : [
            { type: 'text-delta', text },
            { type: 'finish', reason: 'stop' },
          ];
    };
  }

  const team = (station: string, units: string) => `tools:
  fixture: { units: ${units} }
agent:
  id: planner
  backend:
    type: chatcompletion
    model: m
    tools:
      fixture: { station: ${station} }
`;

  it('loads massgen-tools-fixture for tools.fixture, with the settings of both places, and runs its tool', async () => {
    installFixture();
    const result = await run(runDirectory.config(team('North', 'imperial')), 'Weather?', {
      ...runDirectory.options(),
      record: false,
      backends: { planner: createScriptedBackend({ turns: forecaster() }) },
    });
    expect(result.stopReason).toBe('completed');
    expect(result.answers[0]?.content).toBe('Forecast: North station: Oslo will be sunny, 70 °F (answers so far: 0).');
  });

  it('checks its settings with its own schemas, naming key paths and lines, before any agent starts', async () => {
    installFixture();
    const message = await configRefusal(
      parseConfig(team('""', 'kelvin'), {
        file: path.join(runDirectory.path, 'team.yaml'),
        baseDir: runDirectory.path,
        cwd: runDirectory.path,
        env: {},
      }),
    );
    expect(message).toContain('tools.fixture.units (line 2): expected "metric" or "imperial", got "kelvin"');
    expect(message).toContain(
      'agent.backend.tools.fixture.station (line 9): expected the name of a weather station, got ""',
    );
  });

  it('names the packages it looked for and where the configuration names the package when none is installed', async () => {
    const message = await configRefusal(
      runDirectory.config('agent:\n  id: planner\n  backend:\n    type: chatcompletion\n    tools: { weather: {} }\n'),
    );
    expect(message).toContain(
      'agent.backend.tools.weather (line 5): No package found for tool package "weather" (named by agent.backend.tools.weather): looked for "@massgen/tools-weather", "massgen-tools-weather"',
    );
  });
});
