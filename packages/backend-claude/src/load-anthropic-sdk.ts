import { lazy } from '@massgen/backend-utils';

/** The `@anthropic-ai/sdk` module, as loaded on first use. */
export type AnthropicSdk = typeof import('@anthropic-ai/sdk');

/**
 * Loads the SDK on the first model call rather than at import, so that `massgen --help` and
 * configurations without a Claude agent do not pay for parsing it.
 */
export const loadAnthropicSdk: () => Promise<AnthropicSdk> = lazy(() => import('@anthropic-ai/sdk'));
