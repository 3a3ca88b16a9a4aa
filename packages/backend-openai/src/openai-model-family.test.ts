import { describe, expect, it } from 'vitest';
import { openAIModelFamily, requiresChatCompletions } from './openai-model-family.js';

describe('openAIModelFamily', () => {
  it.each([
    ['o1', 'reasoning'],
    ['o3-mini', 'reasoning'],
    ['o4-mini-2025-04-16', 'reasoning'],
    ['gpt-5', 'reasoning'],
    ['gpt-5.1-codex', 'reasoning'],
    ['openai/gpt-oss-120b', 'reasoning'],
    ['codex-mini-latest', 'reasoning'],
    ['gpt-5-chat-latest', 'classic'],
    ['gpt-4.1-mini', 'classic'],
    ['gpt-4o', 'classic'],
    ['gpt-3.5-turbo', 'classic'],
    ['chatgpt-4o-latest', 'classic'],
    ['ft:o4-mini-2025-04-16:acme::abc123', 'reasoning'],
    ['ft:gpt-4.1-mini-2025-04-14:acme::abc123', 'classic'],
    ['ft:my-model', 'unknown'],
    ['llama-3.3-70b', 'unknown'],
  ] as const)('%s is %s', (model, family) => {
    expect(openAIModelFamily(model)).toBe(family);
  });

  it('knows which models exist on Chat Completions only', () => {
    expect(requiresChatCompletions('gpt-4o-mini-search-preview')).toBe(true);
    expect(requiresChatCompletions('gpt-4o-audio-preview')).toBe(true);
    expect(requiresChatCompletions('gpt-4.1')).toBe(false);
  });
});
