/** The `openai` module, as loaded on first use. */
export type OpenAISdk = typeof import('openai');

let loading: Promise<OpenAISdk> | undefined;

/**
 * Loads the SDK on the first model call rather than at import, so that `massgen --help` and
 * configurations that never use this backend do not pay for parsing it.
 */
export function loadOpenAISdk(): Promise<OpenAISdk> {
  loading ??= import('openai').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
