import { describe, expect, it } from 'vitest';
import { estimateCost, listPriceFor } from './price-table.js';

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
