import { isLoopbackUrl, resolveApiKey, type KeyRequest } from '@massgen/backend-utils';

export { placeholderApiKey } from '@massgen/backend-utils';

export const apiKeyEnvironmentVariable = 'ANTHROPIC_API_KEY';

/**
 * Finds the key for a request, at the first call rather than when the backend is created. Local
 * Anthropic-compatible servers (llama.cpp, LM Studio) rarely check keys, so none is needed there.
 */
export function resolveClaudeApiKey(context: KeyRequest): string {
  return resolveApiKey({
    ...context,
    variables: [apiKeyEnvironmentVariable],
    providerName: 'Claude',
    optional: isLoopbackUrl(context.baseUrl),
  });
}
