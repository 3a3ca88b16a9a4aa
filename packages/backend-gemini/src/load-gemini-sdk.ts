import { lazy } from '@massgen/backend-utils';

/** The `@google/genai` module, as loaded on first use. */
export type GeminiSdk = typeof import('@google/genai');

/**
 * Loads the SDK on the first model call rather than at import, so that `massgen --help` and
 * configurations that never use Gemini do not pay for parsing it (it is large).
 */
export const loadGeminiSdk: () => Promise<GeminiSdk> = lazy(() => import('@google/genai'));
