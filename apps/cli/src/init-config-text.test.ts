import { describe, expect, it } from 'vitest';
import { parseConfig } from '@massgen/config';
import { findInitBackend } from './init-backend-choices.js';
import { agentIds, renderInitConfig } from './init-config-text.js';

function choice(name: string) {
  const found = findInitBackend(name);
  if (found === undefined) throw new Error(`no backend ${name}`);
  return found;
}

describe('agentIds', () => {
  it('numbers only the types that repeat, with dashes for underscores', () => {
    expect(agentIds(['openai', 'claude_code', 'openai', 'openai'])).toEqual([
      'openai',
      'claude-code',
      'openai-2',
      'openai-3',
    ]);
  });
});

describe('findInitBackend', () => {
  it.each([
    ['Anthropic', 'claude'],
    ['google', 'gemini'],
    ['claude-code', 'claude_code'],
    ['nope', undefined],
  ])('knows the provider names people type: %s', (name, type) => {
    expect(findInitBackend(name)?.type).toBe(type);
  });
});

describe('renderInitConfig', () => {
  it('writes YAML the loader reads back as the chosen team, whatever the model names contain', () => {
    const text = renderInitConfig(
      [
        { id: 'openai', backend: choice('openai'), model: 'gpt-5: "nano" # not a comment' },
        { id: 'lmstudio', backend: choice('lmstudio'), model: 'qwen', baseUrl: 'http://localhost:1234/v1' },
      ],
      [{ variable: 'OPENAI_API_KEY', present: false }],
      'team.yaml',
      'node_modules/massgen/schema/massgen.schema.json',
    );
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=node_modules/massgen/schema/massgen.schema.json');
    expect(text).toContain('#   OPENAI_API_KEY: missing, add it before running');
    const config = parseConfig(text, { baseDir: '/tmp', env: {} });
    expect(config.agents.map((agent) => [agent.id, agent.backend.type, agent.backend.model])).toEqual([
      ['openai', 'openai', 'gpt-5: "nano" # not a comment'],
      ['lmstudio', 'lmstudio', 'qwen'],
    ]);
    expect(config.agents[1]?.backend.options['base_url']).toBe('http://localhost:1234/v1');
    expect(config.orchestrator.maxRounds).toBe(4);
  });
});
