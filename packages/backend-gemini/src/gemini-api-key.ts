import { resolveApiKey } from '@massgen/backend-utils';
import type { Warning } from '@massgen/core';

/** Google's SDKs read both, and prefer `GOOGLE_API_KEY` when both are set; so does MassGen. */
export const geminiKeyVariables = ['GOOGLE_API_KEY', 'GEMINI_API_KEY'] as const;

export interface GeminiKeyContext {
  /** `backend.api_key` as configured, if it was. */
  configuredKey: string | undefined;
  env: Readonly<Record<string, string | undefined>>;
  /** Where requests go; a key of another provider is only certainly wrong at Google itself. */
  baseUrl: string;
  warn: (warning: Warning) => void;
  agentId: string;
  /** The backend type, for `MassGenError.provider`. */
  provider: string;
}

/** Finds the key for a request, at the first call rather than when the backend is created. */
export function resolveGeminiApiKey(context: GeminiKeyContext): string {
  return resolveApiKey({ ...context, variables: geminiKeyVariables, providerName: 'Gemini', optional: false });
}
