import { describe, expect, it } from 'vitest';
import { parseCleanly, parseFailure, parseYaml } from './config-test-support.js';

describe('tool packages a configuration names', () => {
  it('hands the built-in packages the keys both formats write, as written and where they are', () => {
    const config = parseYaml([
      'orchestrator:',
      '  snapshot_storage: ./snaps',
      '  max_rounds: 3',
      'agents:',
      '  - id: a',
      '    cwd: ./one',
      '    backend:',
      '      type: openai',
      '      mcp_servers: {w: {command: npx}}',
      '      context_paths: [{path: docs}]',
      '      api_key: k',
      '  - id: b',
      '    backend: {type: openai, command_execution: true, cwd: null}',
    ]);
    expect(config.tools).toEqual([
      {
        name: 'mcp',
        agents: [
          { agentId: 'a', settings: { mcp_servers: { w: { command: 'npx' } } }, segments: ['agents', 0, 'backend'] },
        ],
      },
      {
        name: 'workspace',
        run: { settings: { snapshot_storage: './snaps' }, segments: ['orchestrator'] },
        agents: [
          {
            agentId: 'a',
            settings: { context_paths: [{ path: 'docs' }], cwd: './one' },
            segments: ['agents', 0, 'backend'],
            keySegments: { cwd: ['agents', 0, 'cwd'] },
          },
          { agentId: 'b', settings: { command_execution: true }, segments: ['agents', 1, 'backend'] },
        ],
      },
    ]);
    expect(config.agents[0]?.backend.options).toEqual({ api_key: 'k' });
  });

  it('loads any other package by the name under tools, run-wide or for one agent, keeping package apart', () => {
    const config = parseCleanly([
      'tools:',
      '  weather: {units: metric}',
      '  notes:',
      'agent:',
      '  id: a',
      '  backend:',
      '    type: openai',
      '    tools:',
      '      weather: {station: North, package: "@acme/massgen-weather"}',
    ]);
    expect(config.tools).toEqual([
      {
        name: 'weather',
        package: '@acme/massgen-weather',
        run: { settings: { units: 'metric' }, segments: ['tools', 'weather'] },
        agents: [{ agentId: 'a', settings: { station: 'North' }, segments: ['agent', 'backend', 'tools', 'weather'] }],
      },
      { name: 'notes', run: { settings: {}, segments: ['tools', 'notes'] }, agents: [] },
    ]);
    expect(config.agents[0]?.backend.options).toEqual({});
  });

  it('marks the settings that came from the environment, so their values are never echoed', () => {
    const config = parseYaml(
      ['tools:', '  weather: {token: "${WEATHER_TOKEN}"}', 'agent:', '  id: a', '  backend: {type: openai}'],
      { WEATHER_TOKEN: 'secret' },
    );
    expect(config.tools[0]?.run).toMatchObject({
      settings: { token: 'secret' },
      environmentPaths: ['tools.weather.token'],
    });
  });

  it('rejects a name that is not a package name, two packages for one name, and cwd written twice differently', () => {
    const error = parseFailure([
      'tools:',
      '  Weather Tools: {}',
      '  notes: {package: "@acme/notes"}',
      'agent:',
      '  id: a',
      '  cwd: ./one',
      '  backend:',
      '    type: openai',
      '    cwd: ./two',
      '    tools: {notes: {package: "@other/notes"}}',
    ]);
    expect(error.issues.map((issue) => `${issue.path} (line ${issue.line ?? '?'}): ${issue.message}`)).toEqual([
      'tools["Weather Tools"] (line 2): expected a tool package name in lower case, such as "weather" or "my-tools"',
      'agent.cwd (line 6): differs from backend.cwd ("./two"); expected it in one place (backend.cwd)',
      'agent.backend.tools.notes.package (line 10): "@other/notes" differs from the package "@acme/notes" given for the tool package "notes" before; expected one package per name',
    ]);
  });
});
