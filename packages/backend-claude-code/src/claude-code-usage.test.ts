import { describe, expect, it } from 'vitest';
import { largerUsage, StreamedUsage, usageFromModelUsage, usageSince } from './claude-code-usage.js';

describe("Claude Code's token usage", () => {
  it('adds up every model in the result, cache reads and writes counted as input', () => {
    expect(
      usageFromModelUsage({
        'claude-sonnet': {
          inputTokens: 100,
          outputTokens: 50,
          thinkingTokens: 20,
          cacheReadInputTokens: 1000,
          cacheCreationInputTokens: 10,
        },
        'claude-haiku': { inputTokens: 5, outputTokens: 2, cacheReadInputTokens: 0, cacheCreationInputTokens: 0 },
      }),
    ).toEqual({ inputTokens: 1115, outputTokens: 52, reasoningTokens: 20, cachedInputTokens: 1000 });
    expect(usageFromModelUsage({})).toBeUndefined();
  });

  it('follows streamed responses, whose deltas restate running totals', () => {
    const streamed = new StreamedUsage();
    expect(streamed.total()).toBeUndefined();
    streamed.start('msg_1', { input_tokens: 300, output_tokens: 1, cache_read_input_tokens: 100 });
    streamed.update({ output_tokens: 40 });
    streamed.update({ input_tokens: null, output_tokens: 45 });
    streamed.start('msg_2', { input_tokens: 350, output_tokens: 1 });
    streamed.update({ output_tokens: 10 });
    expect(streamed.total()).toEqual({ inputTokens: 750, outputTokens: 55, cachedInputTokens: 100 });
  });

  it('reports only what was not reported before, and takes the larger of two counts', () => {
    expect(usageSince({ inputTokens: 900, outputTokens: 60 }, { inputTokens: 750, outputTokens: 60 })).toEqual({
      inputTokens: 150,
    });
    expect(usageSince({ inputTokens: 10 }, { inputTokens: 10 })).toBeUndefined();
    expect(
      largerUsage({ inputTokens: 10, outputTokens: 5 }, { inputTokens: 8, outputTokens: 9, cachedInputTokens: 2 }),
    ).toEqual({ inputTokens: 10, outputTokens: 9, cachedInputTokens: 2 });
    expect(largerUsage(undefined, { inputTokens: 1 })).toEqual({ inputTokens: 1 });
  });
});
