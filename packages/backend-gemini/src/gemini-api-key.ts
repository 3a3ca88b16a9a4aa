import { resolveApiKey, type KeyRequest } from '@massgen/backend-utils';

/** Google's SDKs read both, and prefer `GOOGLE_API_KEY` when both are set; so does MassGen. */
export const geminiKeyVariables = ['GOOGLE_API_KEY', 'GEMINI_API_KEY'] as const;

/** Finds the key for a request, at the first call rather than when the backend is created. */
export function resolveGeminiApiKey(context: KeyRequest): string {
  return resolveApiKey({ ...context, variables: geminiKeyVariables, providerName: 'Gemini', optional: false });
}
