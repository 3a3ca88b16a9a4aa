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
  /**
   * Uses of the provider's own tools that it prices apart from tokens, by what it counts:
   * `web_search` calls (OpenAI, Anthropic), `google_search_queries` and `grounded_prompts`
   * (Gemini), `live_search_sources` (xAI).
   */
  providerToolUses?: Readonly<Record<string, number>>;
}
