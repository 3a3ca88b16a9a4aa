import { describe, expect, it } from 'vitest';
import { mapGeminiUsage } from './gemini-usage.js';

describe('mapGeminiUsage', () => {
  it('adds thoughts to output and tool prompts to input, and reports the cache', () => {
    expect(
      mapGeminiUsage({
        promptTokenCount: 100,
        candidatesTokenCount: 20,
        thoughtsTokenCount: 30,
        cachedContentTokenCount: 40,
        toolUsePromptTokenCount: 5,
      }),
    ).toEqual({
      inputTokens: 105,
      outputTokens: 50,
      reasoningTokens: 30,
      cachedInputTokens: 40,
    });
  });

  it('reports only what the provider counted', () => {
    expect(mapGeminiUsage({ promptTokenCount: 12, totalTokenCount: 12 })).toEqual({ inputTokens: 12 });
    expect(mapGeminiUsage({})).toEqual({});
  });
});
