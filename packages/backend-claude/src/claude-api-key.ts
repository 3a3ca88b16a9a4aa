import { MassGenError, type Warning } from '@massgen/core';

export const apiKeyEnvironmentVariable = 'ANTHROPIC_API_KEY';

/** Sent to a local Anthropic-compatible server that needs no key, because the SDK refuses to run without one. */
export const placeholderApiKey = 'massgen-no-key';

/** Prefixes of other providers' keys, distinctive enough to name the provider that issued one. */
const foreignKeyFamilies: ReadonlyArray<{ provider: string; prefixes: readonly string[] }> = [
  { provider: 'OpenRouter', prefixes: ['sk-or-'] },
  { provider: 'OpenAI', prefixes: ['sk-proj-', 'sk-svcacct-', 'sk-admin-'] },
  { provider: 'Google', prefixes: ['AIza'] },
  { provider: 'Groq', prefixes: ['gsk_'] },
  { provider: 'xAI', prefixes: ['xai-'] },
  { provider: 'Cerebras', prefixes: ['csk-'] },
  { provider: 'Fireworks', prefixes: ['fw_'] },
];

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]', '::1', '0.0.0.0']);

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

function keyError(
  context: ClaudeApiKeyContext,
  code: 'BACKEND_MISSING_KEY' | 'BACKEND_AUTH',
  message: string,
): MassGenError {
  return new MassGenError({ code, message, retryable: false, agentId: context.agentId, provider: context.provider });
}

/**
 * Finds the key for a request, at the first call rather than when the backend is created, so that
 * `--validate` and agents that never run need no key. The key itself never appears in a message:
 * problems are described by where the key came from and whose it seems to be.
 */
export function resolveClaudeApiKey(context: ClaudeApiKeyContext): string {
  const host = new URL(context.baseUrl).hostname.toLowerCase();
  const raw = context.configuredKey ?? context.env[apiKeyEnvironmentVariable];
  const source = context.configuredKey === undefined ? apiKeyEnvironmentVariable : 'backend.api_key';
  const key = raw?.trim() ?? '';
  if (key === '') {
    // Local Anthropic-compatible servers (llama.cpp, LM Studio) rarely check keys.
    if (context.configuredKey === undefined && loopbackHosts.has(host)) return placeholderApiKey;
    throw keyError(
      context,
      'BACKEND_MISSING_KEY',
      context.configuredKey === undefined
        ? `No API key for Claude: set ${apiKeyEnvironmentVariable} in the environment or in .env, or api_key in the backend block.`
        : 'No API key for Claude: backend.api_key is empty (was the environment variable it refers to unset?).',
    );
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
  // Behind another base_url (a gateway, a compatible server) a key of another family may be right.
  const owner = foreignKeyFamilies.find((family) => family.prefixes.some((prefix) => key.startsWith(prefix)))?.provider;
  if (owner !== undefined && host === 'api.anthropic.com') {
    throw keyError(
      context,
      'BACKEND_AUTH',
      `The API key from ${source} looks like a ${owner} key, but requests go to Anthropic; use an Anthropic key (it starts with sk-ant-).`,
    );
  }
  return key;
}
