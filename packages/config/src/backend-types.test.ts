import { describe, expect, it } from 'vitest';
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
    ['Qwen2.5-7B-Instruct', 'chatcompletion'],
    ['openai/gpt-oss-120b', 'chatcompletion'],
  ])('%s → %s', (model, type) => {
    expect(inferBackendType(model)).toBe(type);
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
    expect(upstreamBackendTypeNote('zai')).toContain('use type "chatcompletion"');
  });

  it('says nothing about supported or third-party types', () => {
    expect(upstreamBackendTypeNote('openai')).toBeUndefined();
    expect(upstreamBackendTypeNote('my_custom_backend')).toBeUndefined();
  });
});
