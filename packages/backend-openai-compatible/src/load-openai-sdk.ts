import { lazy } from '@massgen/backend-utils';

/** The `openai` module, as loaded on first use. */
export type OpenAISdk = typeof import('openai');

/**
 * Loads the SDK on the first model call rather than at import, so that `massgen --help` and
 * configurations that never use this backend do not pay for parsing it.
 */
export const loadOpenAISdk: () => Promise<OpenAISdk> = lazy(() => import('openai'));
