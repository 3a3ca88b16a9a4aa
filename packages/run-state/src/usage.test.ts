import { describe, expect, it } from 'vitest';
import { addUsage } from './usage.js';

describe('addUsage', () => {
  it("adds token counts, and the provider's own tool uses by name", () => {
    expect(
      addUsage(
        { inputTokens: 10, outputTokens: 5, providerToolUses: { web_search: 1 } },
        { inputTokens: 3, cachedInputTokens: 2, providerToolUses: { web_search: 2, live_search_sources: 4 } },
      ),
    ).toEqual({
      inputTokens: 13,
      outputTokens: 5,
      cachedInputTokens: 2,
      providerToolUses: { web_search: 3, live_search_sources: 4 },
    });
    expect(addUsage({ inputTokens: 1 }, { outputTokens: 1 })).toEqual({ inputTokens: 1, outputTokens: 1 });
  });
});
