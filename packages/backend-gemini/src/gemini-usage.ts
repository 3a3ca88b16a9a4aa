import type { Usage } from '@massgen/core';
import type { GenerateContentResponseUsageMetadata } from '@google/genai';

/**
 * Gemini counts thoughts apart from the answer (`thoughtsTokenCount` is not in
 * `candidatesTokenCount`) and bills both as output, so output is their sum; the prompt that
 * tools such as search added (`toolUsePromptTokenCount`) is billed as input.
 */
export function mapGeminiUsage(usage: GenerateContentResponseUsageMetadata): Usage {
  const mapped: Usage = {};
  if (typeof usage.promptTokenCount === 'number')
    mapped.inputTokens = usage.promptTokenCount + (usage.toolUsePromptTokenCount ?? 0);
  const thoughts = usage.thoughtsTokenCount;
  if (typeof usage.candidatesTokenCount === 'number' || typeof thoughts === 'number') {
    mapped.outputTokens = (usage.candidatesTokenCount ?? 0) + (thoughts ?? 0);
  }
  if (typeof thoughts === 'number') mapped.reasoningTokens = thoughts;
  if (typeof usage.cachedContentTokenCount === 'number') mapped.cachedInputTokens = usage.cachedContentTokenCount;
  return mapped;
}
