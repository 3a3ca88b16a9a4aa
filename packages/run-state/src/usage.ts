import type { Usage } from '@massgen/core';

const usageFields = ['inputTokens', 'outputTokens', 'reasoningTokens', 'cachedInputTokens'] as const;

export function addUsage(left: Usage, right: Usage): Usage {
  const sum: Usage = {};
  for (const field of usageFields) {
    const a = left[field];
    const b = right[field];
    if (a !== undefined || b !== undefined) sum[field] = (a ?? 0) + (b ?? 0);
  }
  if (left.providerToolUses !== undefined || right.providerToolUses !== undefined) {
    const uses: Record<string, number> = { ...left.providerToolUses };
    for (const [name, count] of Object.entries(right.providerToolUses ?? {})) uses[name] = (uses[name] ?? 0) + count;
    sum.providerToolUses = uses;
  }
  return sum;
}
