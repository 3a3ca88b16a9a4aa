import { describe, expect, it } from 'vitest';
import { backendCatalog } from './backend-catalog.js';
import { inferBackendType, supportedBackendTypes, upstreamBackendTypeNote } from './backend-types.js';

describe('inferBackendType', () => {
  it.each([
    ['gpt-5-nano', 'openai'],
    ['GPT-4o', 'openai'],
    ['o1', 'openai'],
    ['o3-mini', 'openai'],
    ['o4-mini', 'openai'],
    ['claude-sonnet-4-5-20250929', 'claude'],
    ['gemini-2.5-flash', 'gemini'],
    ['grok-4-fast', 'grok'],
    ['./models/qwen2.5-0.5b.Q4_K_M.gguf', 'local'],
    ['local', 'local'],
    ['hf:Qwen/Qwen2.5-0.5B-Instruct-GGUF/qwen2.5-0.5b-instruct-q4_k_m.gguf', 'local'],
    ['Qwen2.5-7B-Instruct', 'chatcompletion'],
    ['openai/gpt-oss-120b', 'chatcompletion'],
  ])('%s → %s', (model, type) => {
    expect(inferBackendType(model)).toBe(type);
  });

  it('infers a third-party type from the patterns in its metadata', () => {
    const catalog = [
      {
        package: 'massgen-backend-acme',
        types: [
          {
            type: 'acme',
            displayName: 'Acme',
            apiKeyEnvironmentVariables: [],
            requiresApiKey: false,
            modelPatterns: ['acme-*'],
          },
        ],
      },
    ];
    expect(inferBackendType('acme-1', [...backendCatalog, ...catalog])).toBe('acme');
    expect(inferBackendType('acme-1')).toBe('chatcompletion');
  });

  it('only infers types MassGen-TS ships', () => {
    for (const model of ['gpt-5', 'claude-x', 'gemini-x', 'grok-x', 'm.gguf', 'anything']) {
      expect(supportedBackendTypes).toContain(inferBackendType(model));
    }
  });
});

describe('upstreamBackendTypeNote', () => {
  it('explains upstream-only types and what to use instead', () => {
    expect(upstreamBackendTypeNote('ag2')).toContain('AG2');
    expect(upstreamBackendTypeNote('ollama')).toBe(
      'MassGen-TS has no "ollama" type; write type: "chatcompletion" with base_url: http://localhost:11434/v1 (Ollama needs no key)',
    );
  });

  it('says nothing about supported, preset or third-party types', () => {
    expect(upstreamBackendTypeNote('openai')).toBeUndefined();
    expect(upstreamBackendTypeNote('zai')).toBeUndefined();
    expect(upstreamBackendTypeNote('my_custom_backend')).toBeUndefined();
  });
});
