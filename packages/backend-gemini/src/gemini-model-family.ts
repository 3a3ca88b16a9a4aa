/**
 * The generation of a Gemini model from its id (`gemini-2.5-flash` → 2.5,
 * `models/gemini-3-pro-preview` → 3), or undefined for ids that do not say (tuned models, proxies).
 */
export function geminiGeneration(modelId: string): number | undefined {
  const match = /(?:^|\/)gemini-(\d+(?:\.\d+)?)/i.exec(modelId);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/** Gemini 3 takes a thinking level (`LOW`, `HIGH`, ...) in place of a token budget. */
export function usesThinkingLevels(modelId: string): boolean {
  return (geminiGeneration(modelId) ?? 0) >= 3;
}

/** Models that think unless told otherwise, so their thoughts are worth asking for. */
export function thinksByDefault(modelId: string): boolean {
  return (geminiGeneration(modelId) ?? 0) >= 2.5 || /thinking/i.test(modelId);
}

/** Gemini 3 refuses a replayed function call without the signature it was issued with. */
export function requiresThoughtSignatures(modelId: string): boolean {
  return (geminiGeneration(modelId) ?? 0) >= 3;
}
