import { MassGenError, type Warning } from '@massgen/core';

/** Google's SDKs read both, and prefer `GOOGLE_API_KEY` when both are set; so does MassGen. */
export const geminiKeyVariables = ['GOOGLE_API_KEY', 'GEMINI_API_KEY'] as const;

/** The host of Google's Gemini API: other hosts are proxies, whose keys may look like anything. */
const googleHost = 'generativelanguage.googleapis.com';

/** Key prefixes of other providers, distinctive enough to say whose key was configured by mistake. */
const otherProviderKeys: ReadonlyArray<{ provider: string; prefix: string }> = [
  { provider: 'Anthropic', prefix: 'sk-ant-' },
  { provider: 'OpenRouter', prefix: 'sk-or-' },
  { provider: 'OpenAI', prefix: 'sk-' },
  { provider: 'Groq', prefix: 'gsk_' },
  { provider: 'xAI', prefix: 'xai-' },
];

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

function keyError(
  context: GeminiKeyContext,
  code: 'BACKEND_MISSING_KEY' | 'BACKEND_AUTH',
  message: string,
): MassGenError {
  return new MassGenError({ code, message, retryable: false, agentId: context.agentId, provider: context.provider });
}

function present(value: string | undefined): value is string {
  return value !== undefined && value.trim() !== '';
}

/** The key and where it came from, without judging it yet. */
function findKey(context: GeminiKeyContext): { raw: string | undefined; source: string } {
  if (context.configuredKey !== undefined) return { raw: context.configuredKey, source: 'backend.api_key' };
  const [preferred, other] = geminiKeyVariables;
  const preferredValue = context.env[preferred];
  const otherValue = context.env[other];
  if (present(preferredValue) && present(otherValue) && preferredValue.trim() !== otherValue.trim()) {
    context.warn({
      code: 'api-key-ambiguous',
      message: `Both ${preferred} and ${other} are set, to different keys; ${preferred} is used, as Google's SDKs do.`,
      agentId: context.agentId,
    });
  }
  if (present(preferredValue)) return { raw: preferredValue, source: preferred };
  return { raw: otherValue, source: other };
}

/**
 * Finds the key for a request. It is read at the first call, not when the backend is created,
 * so that `--validate` and agents that never run need no key. The key itself never appears in
 * a message: problems are described by where the key came from and whose it seems to be.
 */
export function resolveGeminiApiKey(context: GeminiKeyContext): string {
  const { raw, source } = findKey(context);
  const key = raw?.trim() ?? '';
  if (key === '') {
    const message =
      context.configuredKey !== undefined
        ? 'No API key for Gemini: backend.api_key is empty (was the environment variable it refers to unset?).'
        : 'No API key for Gemini: set GEMINI_API_KEY (or GOOGLE_API_KEY) in the environment or in .env, or api_key in the backend block.';
    throw keyError(context, 'BACKEND_MISSING_KEY', message);
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
  const owner = otherProviderKeys.find((family) => key.startsWith(family.prefix))?.provider;
  if (owner !== undefined && new URL(context.baseUrl).hostname.toLowerCase() === googleHost) {
    throw keyError(
      context,
      'BACKEND_AUTH',
      `The API key from ${source} looks like a key issued by ${owner}, but requests go to Google's Gemini API; use a Gemini API key from Google AI Studio.`,
    );
  }
  return key;
}
