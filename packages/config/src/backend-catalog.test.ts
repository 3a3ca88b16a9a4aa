import { describe, expect, it } from 'vitest';
import {
  backendCatalog,
  catalogBackendTypes,
  catalogOptionKeys,
  findBackendRedirect,
  findBackendType,
} from './backend-catalog.js';
import { expectWarnings, parseCleanly, parseYaml } from './config-test-support.js';

describe('every backend type in the catalog', () => {
  it.each(catalogBackendTypes().map((type) => type.type))('%s loads without a warning', (type) => {
    const config = parseCleanly(['agent:', '  id: a', '  backend:', `    type: ${type}`, '    model: some-model']);
    expect(config.agents[0]?.backend.type).toBe(type);
  });

  it('includes the hosted presets, written as upstream writes them (zai with its base_url, openrouter)', () => {
    parseCleanly([
      'agents:',
      '  - id: glm',
      '    backend: {type: "zai", model: "glm-4.5", base_url: "https://api.z.ai/api/paas/v4/", temperature: 0.95, top_p: 0.7}',
      '  - id: router',
      '    backend: {type: "openrouter", model: "deepseek/deepseek-r1"}',
    ]);
    for (const preset of [
      'groq',
      'together',
      'openrouter',
      'cerebras',
      'fireworks',
      'zai',
      'moonshot',
      'nebius',
      'poe',
      'qwen',
    ])
      expect(findBackendType(preset)?.package).toBe('@massgen/backend-openai-compatible');
  });
});

describe('backend options', () => {
  it('are known to the loader from the backends own schemas, so none warns as unknown', () => {
    parseCleanly([
      'agent:',
      '  id: a',
      '  backend:',
      '    type: chatcompletion',
      '    model: m',
      '    timeout_seconds: 30',
      '    request_timeout: 30',
      '    headers: {x-team: research}',
      '    extra_body: {top_k: 40}',
      '    provider: groq',
    ]);
    for (const entry of backendCatalog)
      for (const key of entry.optionKeys ?? []) expect(catalogOptionKeys()).toContain(key);
  });

  it('still names a key no backend reads', () => {
    const config = parseYaml(['agent:', '  id: a', '  backend: {type: claude, model: m, timout_seconds: 3}']);
    expectWarnings(config, { code: 'unknown-key', path: 'agent.backend.timout_seconds' });
  });
});

describe('findBackendType and findBackendRedirect', () => {
  it('read aliases without regard to case or - and _, and say what to write for other provider names', () => {
    expect(findBackendType('Anthropic')?.type).toBe('claude');
    expect(findBackendType('xai')?.type).toBe('grok');
    expect(findBackendType('claude-code')?.type).toBe('claude_code');
    expect(findBackendType('nope')).toBeUndefined();
    expect(findBackendRedirect('ollama')).toMatchObject({ type: 'chatcompletion' });
  });
});
