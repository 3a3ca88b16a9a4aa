/**
 * Token counts reported by a provider. Every field is optional because local servers (LM
 * Studio, vLLM, SGLang) often omit some of them.
 */
export interface Usage {
  inputTokens?: number;
  outputTokens?: number;
  /** Output tokens spent on reasoning, when the provider reports them separately. */
  reasoningTokens?: number;
  /** Input tokens served from the provider's prompt cache. */
  cachedInputTokens?: number;
}
