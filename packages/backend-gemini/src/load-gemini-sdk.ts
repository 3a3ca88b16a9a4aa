/** The `@google/genai` module, as loaded on first use. */
export type GeminiSdk = typeof import('@google/genai');

let loading: Promise<GeminiSdk> | undefined;

/**
 * Loads the SDK on the first model call rather than at import, so that `massgen --help` and
 * configurations that never use Gemini do not pay for parsing it (it is large).
 */
export function loadGeminiSdk(): Promise<GeminiSdk> {
  loading ??= import('@google/genai').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
