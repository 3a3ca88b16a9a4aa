import type { Usage } from '@massgen/core';

const usageFields = ['inputTokens', 'outputTokens', 'reasoningTokens', 'cachedInputTokens'] as const;

export function addUsage(left: Usage, right: Usage): Usage {
  const sum: Usage = {};
  for (const field of usageFields) {
    const a = left[field];
    const b = right[field];
    if (a !== undefined || b !== undefined) sum[field] = (a ?? 0) + (b ?? 0);
  }
  return sum;
}
