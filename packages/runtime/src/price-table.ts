import type { Usage } from '@massgen/core';
import type { ModelPrice } from '@massgen/config';

/**
 * List prices in US dollars per million tokens, matched by the longest model-id prefix. They
 * are estimates for a run's cost display and budgets, not billing: providers change prices,
 * so `backend.pricing` in a configuration overrides them per agent.
 */
const listPrices: ReadonlyArray<readonly [prefix: string, price: ModelPrice]> = [
  ['gpt-5-nano', { inputPerMillion: 0.05, outputPerMillion: 0.4, cachedInputPerMillion: 0.005 }],
  ['gpt-5-mini', { inputPerMillion: 0.25, outputPerMillion: 2, cachedInputPerMillion: 0.025 }],
  ['gpt-5', { inputPerMillion: 1.25, outputPerMillion: 10, cachedInputPerMillion: 0.125 }],
  ['gpt-4.1-nano', { inputPerMillion: 0.1, outputPerMillion: 0.4, cachedInputPerMillion: 0.025 }],
  ['gpt-4.1-mini', { inputPerMillion: 0.4, outputPerMillion: 1.6, cachedInputPerMillion: 0.1 }],
  ['gpt-4.1', { inputPerMillion: 2, outputPerMillion: 8, cachedInputPerMillion: 0.5 }],
  ['gpt-4o-mini', { inputPerMillion: 0.15, outputPerMillion: 0.6, cachedInputPerMillion: 0.075 }],
  ['gpt-4o', { inputPerMillion: 2.5, outputPerMillion: 10, cachedInputPerMillion: 1.25 }],
  ['o4-mini', { inputPerMillion: 1.1, outputPerMillion: 4.4, cachedInputPerMillion: 0.275 }],
  ['o3', { inputPerMillion: 2, outputPerMillion: 8, cachedInputPerMillion: 0.5 }],
  ['claude-opus-4-5', { inputPerMillion: 5, outputPerMillion: 25, cachedInputPerMillion: 0.5 }],
  ['claude-4-5-opus', { inputPerMillion: 5, outputPerMillion: 25, cachedInputPerMillion: 0.5 }],
  ['claude-opus-4', { inputPerMillion: 15, outputPerMillion: 75, cachedInputPerMillion: 1.5 }],
  ['claude-sonnet-4', { inputPerMillion: 3, outputPerMillion: 15, cachedInputPerMillion: 0.3 }],
  ['claude-4-5-sonnet', { inputPerMillion: 3, outputPerMillion: 15, cachedInputPerMillion: 0.3 }],
  ['claude-haiku-4-5', { inputPerMillion: 1, outputPerMillion: 5, cachedInputPerMillion: 0.1 }],
  ['claude-4-5-haiku', { inputPerMillion: 1, outputPerMillion: 5, cachedInputPerMillion: 0.1 }],
  ['claude-3-5-haiku', { inputPerMillion: 0.8, outputPerMillion: 4, cachedInputPerMillion: 0.08 }],
  ['gemini-2.5-pro', { inputPerMillion: 1.25, outputPerMillion: 10, cachedInputPerMillion: 0.31 }],
  ['gemini-2.5-flash-lite', { inputPerMillion: 0.1, outputPerMillion: 0.4, cachedInputPerMillion: 0.025 }],
  ['gemini-2.5-flash', { inputPerMillion: 0.3, outputPerMillion: 2.5, cachedInputPerMillion: 0.075 }],
  ['grok-4-fast', { inputPerMillion: 0.2, outputPerMillion: 0.5, cachedInputPerMillion: 0.05 }],
  ['grok-4-1-fast', { inputPerMillion: 0.2, outputPerMillion: 0.5, cachedInputPerMillion: 0.05 }],
  ['grok-code-fast', { inputPerMillion: 0.2, outputPerMillion: 1.5, cachedInputPerMillion: 0.02 }],
  ['grok-4', { inputPerMillion: 3, outputPerMillion: 15, cachedInputPerMillion: 0.75 }],
];

/** The list price of a model, by the longest matching prefix of its id; `undefined` when unknown. */
export function listPriceFor(modelId: string): ModelPrice | undefined {
  return longestPrefixMatch(modelId, listPrices);
}

/**
 * List prices in US dollars per use of the providers' own tools that are billed apart from
 * tokens (`Usage.providerToolUses`), by model-id prefix: OpenAI's and Anthropic's web search at
 * $10 per 1,000 calls, Google Search grounding at $35 per 1,000 grounded prompts before Gemini 3
 * and $14 per 1,000 search queries from Gemini 3, xAI's live search at $25 per 1,000 sources,
 * OpenAI's code interpreter at $0.03 per container it creates. Anthropic bills code execution by
 * container time past a free allowance, which no usage report gives, so it is not counted;
 * Gemini's costs only its tokens.
 * `backend.pricing.tool_uses` replaces any of them for an agent.
 */
const toolUsePrices: ReadonlyArray<readonly [prefix: string, prices: Readonly<Record<string, number>>]> = [
  ['gpt-', { web_search: 0.01, code_interpreter_containers: 0.03 }],
  ['o3', { web_search: 0.01, code_interpreter_containers: 0.03 }],
  ['o4', { web_search: 0.01, code_interpreter_containers: 0.03 }],
  ['claude-', { web_search: 0.01 }],
  ['gemini-1', { grounded_prompts: 0.035 }],
  ['gemini-2', { grounded_prompts: 0.035 }],
  ['gemini-', { google_search_queries: 0.014 }],
  ['grok-', { live_search_sources: 0.025 }],
];

function longestPrefixMatch<T>(modelId: string, table: ReadonlyArray<readonly [string, T]>): T | undefined {
  const id = modelId.toLowerCase().replace(/^.*\//, '');
  let best: readonly [string, T] | undefined;
  for (const entry of table) {
    if (id.startsWith(entry[0]) && (best === undefined || entry[0].length > best[0].length)) best = entry;
  }
  return best?.[1];
}

/**
 * The estimated cost of the provider tool uses in one call's usage, by the model's list prices
 * with `overrides` (`backend.pricing.tool_uses`) in place of any of them.
 */
export function estimateToolUseCost(
  usage: Usage,
  modelId: string,
  overrides: Readonly<Record<string, number>> = {},
): number {
  const prices = { ...longestPrefixMatch(modelId, toolUsePrices), ...overrides };
  let cost = 0;
  for (const [name, count] of Object.entries(usage.providerToolUses ?? {})) cost += count * (prices[name] ?? 0);
  return cost;
}

/** Estimated cost of one call's usage. Cached input tokens are part of `inputTokens`. */
export function estimateCost(usage: Usage, price: ModelPrice): number {
  const input = usage.inputTokens ?? 0;
  const cached = Math.min(usage.cachedInputTokens ?? 0, input);
  const cachedPrice = price.cachedInputPerMillion ?? price.inputPerMillion;
  return (
    ((input - cached) * price.inputPerMillion +
      cached * cachedPrice +
      (usage.outputTokens ?? 0) * price.outputPerMillion) /
    1_000_000
  );
}
