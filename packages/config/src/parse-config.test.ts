import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '@massgen/testing/vitest';
import { expectWarnings, oneAgentLines, parseYaml, toolSettingsOf } from './config-test-support.js';
import { parseConfig } from './parse-config.js';

describe('parseConfig', () => {
  it('reads the singular agent form', () => {
    const config = parseYaml(['agent:', '  id: solo', '  backend: {type: openai, model: gpt-5-nano}']);
    expect(config.singleAgent).toBe(true);
    expect(config.agents.map((agent) => agent.id)).toEqual(['solo']);
  });

  it('reads the list form in file order', () => {
    const config = parseYaml([
      'agents:',
      '  - id: b',
      '    backend: {type: gemini}',
      '  - id: a',
      '    backend: {type: grok}',
    ]);
    expect(config.singleAgent).toBe(false);
    expect(config.agents.map((agent) => [agent.id, agent.backend.type])).toEqual([
      ['b', 'gemini'],
      ['a', 'grok'],
    ]);
  });

  it('records the file, the base directory and the line of every key path', () => {
    const config = parseYaml(['agent:', '  id: solo', '  backend:', '    type: openai']);
    expect(config.file).toBe('team.yaml');
    expect(config.baseDir).toBe('/projects/demo');
    expect(config.lines).toEqual({ agent: 1, 'agent.id': 2, 'agent.backend': 3, 'agent.backend.type': 4 });
  });

  it('resolves a relative base directory', () => {
    const config = parseConfig('agent: {id: a, backend: {type: openai}}\n', {
      baseDir: 'configs',
      env: {},
      cwd: '/nonexistent-massgen-dir',
    });
    expect(config.baseDir).toBe(path.resolve('configs'));
    expect(config).not.toHaveProperty('file');
  });

  it('detects the seed dialect from its keys', () => {
    expect(parseYaml([...oneAgentLines, 'orchestrator:', '  max_rounds: 3']).dialect).toBe('seed');
  });

  it('detects the upstream dialect from its keys', () => {
    const config = parseYaml([
      'agent:',
      '  id: a',
      '  backend: {type: openai}',
      'ui:',
      '  display_type: simple',
      'timeout_settings:',
      '  orchestrator_timeout_seconds: 60',
    ]);
    expect(config.dialect).toBe('upstream');
  });

  it('reads a file that mixes both dialects, picking the dialect with more distinguishing keys', () => {
    const config = parseYaml([
      'agents:',
      '  - id: a',
      '    backend:',
      '      type: openai',
      '      mcp_servers: [{name: w, command: npx}]',
      '      context_paths: [{path: docs, access: read}]',
      'orchestrator:',
      '  voting_method: majority',
      '  context_paths: [{path: shared, permission: write}]',
      'timeout_settings:',
      '  orchestrator_timeout_seconds: 600',
      'ui:',
      '  display_type: rich_terminal',
    ]);
    expect(config.dialect).toBe('upstream');
    expect(toolSettingsOf(config, 'workspace')).toEqual({
      run: { context_paths: [{ path: 'shared', permission: 'write' }] },
      agents: { a: { context_paths: [{ path: 'docs', access: 'read' }] } },
    });
    expect(toolSettingsOf(config, 'mcp')?.agents).toEqual({ a: { mcp_servers: [{ name: 'w', command: 'npx' }] } });
    expect(config.orchestrator.timeoutMs).toBe(600_000);
  });

  it('gives each warning its file, key path and agent, in file order', () => {
    const config = parseYaml([
      'agents:',
      '  - id: researcher',
      '    backend:',
      '      type: claude_code',
      '      enable_web_search: true',
      'memory:',
      '  enabled: true',
      'orchestrator:',
      '  colour: blue',
    ]);
    expect(config.warnings).toEqual([
      {
        code: 'unsupported-feature',
        path: 'agents[0].backend.enable_web_search',
        line: 5,
        items: ['agent "researcher"'],
        file: 'team.yaml',
        agentId: 'researcher',
        message:
          'not offered by this provider: claude_code has no web search of its own (offered by openai, claude, gemini, grok, openrouter); this setting has no effect',
      },
      {
        code: 'unsupported-feature',
        path: 'memory',
        line: 6,
        file: 'team.yaml',
        message:
          'MassGen-TS does not support memory (conversation, persistent and compression settings); this setting has no effect',
      },
    ]);
    // An unknown orchestrator key may be the strategy's: the run checks it with the strategy's schema.
    expect(config.orchestrator.strategyKeys?.run).toEqual({ colour: 'blue' });
  });

  it('loads a missing variable as empty with a warning, so validation works without the secret', () => {
    const config = parseYaml([
      'agent:',
      '  id: a',
      '  backend:',
      '    type: openai',
      '    mcp_servers:',
      '      brave: {command: npx, env: {BRAVE_API_KEY: "${BRAVE_API_KEY}"}}',
    ]);
    expect(toolSettingsOf(config, 'mcp')?.agents['a']).toEqual({
      mcp_servers: { brave: { command: 'npx', env: { BRAVE_API_KEY: '' } } },
    });
    expectWarnings(config, {
      code: 'missing-env-var',
      path: 'agent.backend.mcp_servers.brave.env.BRAVE_API_KEY',
      agentId: 'a',
    });
  });

  it('passes YAML warnings on', () => {
    const config = parseYaml(['agent:', '  id: a', '  system_message: !prompt hello', '  backend: {type: openai}']);
    expectWarnings(config, { code: 'yaml-warning', message: 'line 3: Unresolved tag: !prompt' });
  });

  describe('environment', () => {
    const scratch = useTemporaryDirectory('parse');
    beforeEach(() => {
      fs.writeFileSync(path.join(scratch.path, '.env'), 'OPENAI_API_KEY=from-dotenv\nBASE=http://dotenv\n');
    });

    it('interpolates from the given environment overlaid on .env in the working directory, and exposes the merge', () => {
      const text = 'agent:\n  id: a\n  backend: {type: openai, api_key: "${OPENAI_API_KEY}", base_url: "${BASE}/v1"}\n';
      const config = parseConfig(text, { baseDir: scratch.path, cwd: scratch.path, env: { BASE: 'http://shell' } });
      expect(config.agents[0]?.backend.options).toEqual({ api_key: 'from-dotenv', base_url: 'http://shell/v1' });
      expect(config.env).toEqual({ OPENAI_API_KEY: 'from-dotenv', BASE: 'http://shell' });
    });
  });
});
