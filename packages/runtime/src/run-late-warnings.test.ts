import { describe, expect, it } from 'vitest';
import type { BackendRequest, RunEvent } from '@massgen/core';
import { createScriptedBackend } from '@massgen/testing';
import type { ScriptedTurn } from '@massgen/testing';
import { run } from './run.js';
import { installModulePackage, runtimeDirectory, useRunDirectory, weatherPlanner } from './run-test-support.js';

const runDirectory = useRunDirectory('late-warnings');

/** A stand-in for @massgen/mcp whose one tool reports, mid-run, that its server stopped. */
function installWarningMcpPackage(): void {
  installModulePackage(
    runDirectory.path,
    '@massgen/mcp',
    `export const specificationVersion = 'v1';
export async function createToolSource(context) {
  return {
    name: 'mcp',
    toolsFor: () => [{
      name: 'mcp__weather__forecast',
      description: 'Forecast for a city',
      inputSchema: { type: 'object' },
      execute: async () => {
        context.warn({ code: 'mcp-server-stopped', message: 'MCP server "weather" stopped' });
        return { content: 'The server stopped.', isError: true };
      },
    }],
    close: async () => {},
  };
}
`,
  );
}

function planner(request: BackendRequest, index: number): ScriptedTurn {
  const call = (name: string, input: unknown): ScriptedTurn => [
    { type: 'tool-call', id: `c${index}`, name, input: JSON.stringify(input) },
    { type: 'finish', reason: 'tool-calls' },
  ];
  if (index === 0) return call('mcp__weather__forecast', { city: 'Beijing' });
  if (request.tools?.some((tool) => tool.name === 'vote') === true)
    return call('vote', { agent_id: 'agent1', reason: 'done' });
  if (request.tools?.some((tool) => tool.name === 'new_answer') === true)
    return call('new_answer', { content: 'No forecast today.' });
  return [
    { type: 'text-delta', text: 'No forecast today.' },
    { type: 'finish', reason: 'stop' },
  ];
}

describe('warnings raised during a run', () => {
  it('are published after run-start and before run-end, and kept in the result', async () => {
    installWarningMcpPackage();
    const events: RunEvent[] = [];
    const result = await run(runDirectory.config(weatherPlanner), 'Weather?', {
      cwd: runDirectory.path,
      record: false,
      pluginSearchPaths: [runtimeDirectory],
      pluginConditions: ['@massgen/source'],
      backends: { planner: createScriptedBackend({ turns: planner }) },
      onEvent: (event) => events.push(event),
    });
    expect(result.warnings.map((warning) => warning.message)).toEqual(['MCP server "weather" stopped']);
    const types = events.map((event) => event.type);
    const warningAt = types.indexOf('warning');
    expect(warningAt).toBeGreaterThan(types.indexOf('run-start'));
    expect(warningAt).toBeLessThan(types.indexOf('run-end'));
  });
});
