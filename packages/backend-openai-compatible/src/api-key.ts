import { MassGenError, type Warning } from '@massgen/core';
import type { OpenAICompatibleEndpoint } from './openai-compatible-endpoint.js';

/** Sent to servers that need no key, because the SDK refuses to run without one. */
export const placeholderApiKey = 'massgen-no-key';

/** Key prefixes distinctive enough to tell which provider issued a key. */
const keyFamilies: ReadonlyArray<{ provider: string; prefixes: readonly string[] }> = [
  { provider: 'Anthropic', prefixes: ['sk-ant-'] },
  { provider: 'OpenRouter', prefixes: ['sk-or-'] },
  { provider: 'OpenAI', prefixes: ['sk-proj-', 'sk-svcacct-', 'sk-admin-'] },
  { provider: 'Groq', prefixes: ['gsk_'] },
  { provider: 'xAI', prefixes: ['xai-'] },
  { provider: 'Google', prefixes: ['AIza'] },
  { provider: 'Cerebras', prefixes: ['csk-'] },
  { provider: 'Fireworks', prefixes: ['fw_'] },
];

/** Hosts whose owner is known, so a key from another family is certainly wrong there. */
const hostOwners: Readonly<Record<string, string>> = {
  'api.openai.com': 'OpenAI',
  'api.anthropic.com': 'Anthropic',
  'openrouter.ai': 'OpenRouter',
  'api.groq.com': 'Groq',
  'api.x.ai': 'xAI',
  'generativelanguage.googleapis.com': 'Google',
  'api.cerebras.ai': 'Cerebras',
  'api.fireworks.ai': 'Fireworks',
  'api.together.xyz': 'Together',
};

/** The provider whose distinctive prefix a key carries (`sk-ant-` is Anthropic's), if any. */
export function keyIssuer(key: string): string | undefined {
  return keyFamilies.find((family) => family.prefixes.some((prefix) => key.startsWith(prefix)))?.provider;
}

export interface ApiKeyContext {
  endpoint: OpenAICompatibleEndpoint;
  /** `backend.api_key` as configured, if it was. */
  configuredKey: string | undefined;
  env: Readonly<Record<string, string | undefined>>;
  warn: (warning: Warning) => void;
  agentId: string;
  /** The backend type, for `MassGenError.provider`. */
  provider: string;
}

function keyError(context: ApiKeyContext, code: 'BACKEND_MISSING_KEY' | 'BACKEND_AUTH', message: string): MassGenError {
  return new MassGenError({ code, message, retryable: false, agentId: context.agentId, provider: context.provider });
}

function missingKeyMessage(context: ApiKeyContext, emptyConfiguredKey: boolean): string {
  const { providerName, apiKeyEnvironmentVariable } = context.endpoint;
  if (emptyConfiguredKey) {
    return `No API key for ${providerName}: backend.api_key is empty (was the environment variable it refers to unset?).`;
  }
  if (apiKeyEnvironmentVariable !== undefined) {
    return `No API key for ${providerName}: set ${apiKeyEnvironmentVariable} in the environment or in .env, or api_key in the backend block.`;
  }
  return `No API key for ${providerName}: set api_key in the backend block, for example api_key: \${MY_PROVIDER_KEY}.`;
}

/**
 * Finds the key for a request. It is read at the first call, not when the backend is created,
 * so that `--validate` and agents that never run need no key. The key itself never appears in
 * a message: problems are described by where the key came from and whose it seems to be.
 */
export function resolveApiKey(context: ApiKeyContext): string {
  const variable = context.endpoint.apiKeyEnvironmentVariable;
  const fromEnvironment = variable === undefined ? undefined : context.env[variable];
  const raw = context.configuredKey ?? fromEnvironment;
  const source = context.configuredKey !== undefined ? 'backend.api_key' : (variable ?? 'backend.api_key');
  const key = raw?.trim() ?? '';
  if (key === '') {
    if (!context.endpoint.requiresApiKey) return placeholderApiKey;
    throw keyError(context, 'BACKEND_MISSING_KEY', missingKeyMessage(context, context.configuredKey !== undefined));
  }
  if (raw !== key) {
    context.warn({
      code: 'api-key-whitespace',
      message: `The API key from ${source} had leading or trailing whitespace (often a copied newline); it was trimmed.`,
      agentId: context.agentId,
      ...(source === 'backend.api_key' ? { path: 'backend.api_key' } : {}),
    });
  }
  if (!/^[\x21-\x7e]+$/.test(key)) {
    throw keyError(
      context,
      'BACKEND_AUTH',
      `The API key from ${source} contains spaces or characters that cannot be sent in an HTTP header; check its value.`,
    );
  }
  const keyOwner = keyIssuer(key);
  const hostOwner = hostOwners[new URL(context.endpoint.baseUrl).hostname.toLowerCase()];
  if (keyOwner !== undefined && hostOwner !== undefined && keyOwner !== hostOwner) {
    throw keyError(
      context,
      'BACKEND_AUTH',
      `The API key from ${source} looks like a ${keyOwner} key, but requests go to ${hostOwner} (${context.endpoint.providerName}); use a ${hostOwner} key.`,
    );
  }
  return key;
}
