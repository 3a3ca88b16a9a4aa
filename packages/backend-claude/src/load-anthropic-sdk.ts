/** The `@anthropic-ai/sdk` module, as loaded on first use. */
export type AnthropicSdk = typeof import('@anthropic-ai/sdk');

let loading: Promise<AnthropicSdk> | undefined;

/**
 * Loads the SDK on the first model call rather than at import, so that `massgen --help` and
 * configurations without a Claude agent do not pay for parsing it.
 */
export function loadAnthropicSdk(): Promise<AnthropicSdk> {
  loading ??= import('@anthropic-ai/sdk').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
