import { describe, expect, it } from 'vitest';
import { estimateCost, estimateToolUseCost, listPriceFor } from './price-table.js';

describe('listPriceFor', () => {
  it('matches the longest prefix of the model id', () => {
    expect(listPriceFor('gpt-5-nano-2025-08-07')?.inputPerMillion).toBe(0.05);
    expect(listPriceFor('gpt-5')?.inputPerMillion).toBe(1.25);
    expect(listPriceFor('gemini-2.5-flash-lite')?.outputPerMillion).toBe(0.4);
  });

  it('ignores a router prefix such as openai/ and letter case', () => {
    expect(listPriceFor('OpenAI/GPT-5-mini')?.inputPerMillion).toBe(0.25);
  });

  it('knows nothing of models it has no price for', () => {
    expect(listPriceFor('qwen2.5-32b-instruct')).toBeUndefined();
  });
});

describe('estimateCost', () => {
  it('charges cached input at the cached price and the rest at list price', () => {
    const cost = estimateCost(
      { inputTokens: 1_000_000, cachedInputTokens: 400_000, outputTokens: 100_000 },
      { inputPerMillion: 2, outputPerMillion: 8, cachedInputPerMillion: 0.5 },
    );
    expect(cost).toBeCloseTo(0.6 * 2 + 0.4 * 0.5 + 0.1 * 8, 10);
  });

  it('charges cached input at the input price when no cached price is given', () => {
    expect(
      estimateCost(
        { inputTokens: 1_000_000, cachedInputTokens: 1_000_000 },
        { inputPerMillion: 3, outputPerMillion: 15 },
      ),
    ).toBeCloseTo(3, 10);
  });
});

describe('estimateToolUseCost', () => {
  it("prices each provider's own tool uses at its list price per use", () => {
    expect(estimateToolUseCost({ providerToolUses: { web_search: 3 } }, 'gpt-5-nano')).toBeCloseTo(0.03, 10);
    expect(estimateToolUseCost({ providerToolUses: { code_interpreter_containers: 2 } }, 'gpt-5')).toBeCloseTo(
      0.06,
      10,
    );
    expect(estimateToolUseCost({ providerToolUses: { web_search: 2 } }, 'claude-sonnet-4-5')).toBeCloseTo(0.02, 10);
    expect(estimateToolUseCost({ providerToolUses: { live_search_sources: 4 } }, 'grok-4-fast')).toBeCloseTo(0.1, 10);
  });

  it('prices Google Search per grounded prompt before Gemini 3 and per query from Gemini 3', () => {
    const usage = { providerToolUses: { google_search_queries: 3, grounded_prompts: 1 } };
    expect(estimateToolUseCost(usage, 'gemini-2.5-flash')).toBeCloseTo(0.035, 10);
    expect(estimateToolUseCost(usage, 'gemini-3-flash-preview')).toBeCloseTo(0.042, 10);
  });

  it("takes backend.pricing.tool_uses in place of a tool's list price, and prices tools the list lacks", () => {
    const usage = { providerToolUses: { live_search_sources: 4, web_search: 1 } };
    expect(estimateToolUseCost(usage, 'grok-4-fast', { live_search_sources: 0.001 })).toBeCloseTo(0.004, 10);
    expect(estimateToolUseCost(usage, 'grok-4-fast', { web_search: 0.5 })).toBeCloseTo(0.6, 10);
    expect(estimateToolUseCost(usage, 'my-own-model', { live_search_sources: 0.01 })).toBeCloseTo(0.04, 10);
  });

  it('is nothing without uses, or for a tool or model it has no price for', () => {
    expect(estimateToolUseCost({ inputTokens: 100 }, 'gpt-5-nano')).toBe(0);
    expect(estimateToolUseCost({ providerToolUses: { code_interpreter: 2 } }, 'gpt-5-nano')).toBe(0);
    expect(estimateToolUseCost({ providerToolUses: { web_search: 2 } }, 'llama-3.3-70b')).toBe(0);
  });
});
