import { isLoopbackUrl, resolveApiKey } from '@massgen/backend-utils';
import type { Warning } from '@massgen/core';

export { placeholderApiKey } from '@massgen/backend-utils';

export const apiKeyEnvironmentVariable = 'ANTHROPIC_API_KEY';

export interface ClaudeApiKeyContext {
  /** `backend.api_key` as configured, if it was. */
  configuredKey: string | undefined;
  env: Readonly<Record<string, string | undefined>>;
  baseUrl: string;
  warn: (warning: Warning) => void;
  agentId: string;
  /** The backend type, for `MassGenError.provider`. */
  provider: string;
}

/**
 * Finds the key for a request, at the first call rather than when the backend is created. Local
 * Anthropic-compatible servers (llama.cpp, LM Studio) rarely check keys, so none is needed there.
 */
export function resolveClaudeApiKey(context: ClaudeApiKeyContext): string {
  return resolveApiKey({
    ...context,
    variables: [apiKeyEnvironmentVariable],
    providerName: 'Claude',
    optional: isLoopbackUrl(context.baseUrl),
  });
}
