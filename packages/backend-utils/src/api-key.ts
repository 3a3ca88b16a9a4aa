import { MassGenError, type BackendSettings, type Warning } from '@massgen/core';

/** Sent to servers that need no key, because the vendor SDKs refuse to run without one. */
export const placeholderApiKey = 'massgen-no-key';

/**
 * Key prefixes distinctive enough to tell which provider issued a key. OpenAI's are its project,
 * service-account and admin keys: a bare `sk-` is also used by DeepSeek, Moonshot and others.
 */
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

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]', '::1', '0.0.0.0']);

/** The provider whose distinctive prefix a key carries (`sk-ant-` is Anthropic's), if any. */
export function keyIssuer(key: string): string | undefined {
  return keyFamilies.find((family) => family.prefixes.some((prefix) => key.startsWith(prefix)))?.provider;
}

/** The provider that owns the host of `url` (`api.anthropic.com` is Anthropic's), if it is a known one. */
export function hostOwner(url: string): string | undefined {
  return URL.canParse(url) ? hostOwners[new URL(url).hostname.toLowerCase()] : undefined;
}

/** Whether `url` points at this machine, where servers rarely check keys. */
export function isLoopbackUrl(url: string): boolean {
  return URL.canParse(url) && loopbackHosts.has(new URL(url).hostname.toLowerCase());
}

/** What a backend knows of one agent's key when it first calls: the configuration and where the calls go. */
export interface KeyRequest {
  /** `backend.api_key` as configured, if it was. */
  configuredKey: string | undefined;
  env: Readonly<Record<string, string | undefined>>;
  /** Where requests go: a key issued by another provider than the host's owner is refused. */
  baseUrl: string;
  warn: (warning: Warning) => void;
  agentId: string;
  /** The backend type, for `MassGenError.provider`. */
  provider: string;
}

/** The key request of an agent's backend: its configured key and its run's environment, for calls to `baseUrl`. */
export function keyRequest(settings: BackendSettings, configuredKey: string | undefined, baseUrl: string): KeyRequest {
  return {
    configuredKey,
    env: settings.env,
    baseUrl,
    warn: settings.warn,
    agentId: settings.agentId,
    provider: settings.type,
  };
}

/** A key request with what the backend says about its provider's keys. */
export interface ApiKeyContext extends KeyRequest {
  /** Variables that hold the key, in the order they are read (the backend's metadata lists the same). */
  variables: readonly string[];
  /** Name of the provider in messages (`Claude`, `groq`). */
  providerName: string;
  /** Without a key, send `placeholderApiKey` instead of failing (local servers). */
  optional: boolean;
}

function keyError(context: ApiKeyContext, code: 'BACKEND_MISSING_KEY' | 'BACKEND_AUTH', message: string): MassGenError {
  return new MassGenError({ code, message, retryable: false, agentId: context.agentId, provider: context.provider });
}

/** `an Anthropic`, `a Groq`. */
function withArticle(name: string): string {
  return `${/^[AEIOU]/i.test(name) ? 'an' : 'a'} ${name}`;
}

function present(value: string | undefined): value is string {
  return value !== undefined && value.trim() !== '';
}

/** The key as written and where it came from, warning when two variables disagree. */
function findKey(context: ApiKeyContext): { raw: string | undefined; source: string } {
  if (context.configuredKey !== undefined) return { raw: context.configuredKey, source: 'backend.api_key' };
  const set = context.variables.filter((variable) => present(context.env[variable]));
  const [first, second] = set;
  if (first === undefined) return { raw: undefined, source: context.variables[0] ?? 'backend.api_key' };
  if (second !== undefined && context.env[first]?.trim() !== context.env[second]?.trim()) {
    context.warn({
      code: 'api-key-ambiguous',
      message: `Both ${first} and ${second} are set, to different keys; ${first} is used.`,
      agentId: context.agentId,
    });
  }
  return { raw: context.env[first], source: first };
}

function missingKeyMessage(context: ApiKeyContext): string {
  const [first, ...others] = context.variables;
  if (context.configuredKey !== undefined)
    return `No API key for ${context.providerName}: backend.api_key is empty (was the environment variable it refers to unset?).`;
  if (first === undefined)
    return `No API key for ${context.providerName}: set api_key in the backend block, for example api_key: \${MY_PROVIDER_KEY}.`;
  const alternatives = others.length === 0 ? '' : ` (or ${others.join(', or ')})`;
  return `No API key for ${context.providerName}: set ${first}${alternatives} in the environment or in .env, or api_key in the backend block.`;
}

/**
 * Finds the key for a request. It is read at the first call, not when the backend is created, so
 * that `--validate` and agents that never run need no key. The key itself never appears in a
 * message: problems are described by where the key came from and whose it seems to be.
 */
export function resolveApiKey(context: ApiKeyContext): string {
  const { raw, source } = findKey(context);
  const key = raw?.trim() ?? '';
  if (key === '') {
    if (context.optional && context.configuredKey === undefined) return placeholderApiKey;
    throw keyError(context, 'BACKEND_MISSING_KEY', missingKeyMessage(context));
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
  // Behind a host nobody owns (a gateway, a compatible server) a key of any family may be right.
  const issuer = keyIssuer(key);
  const owner = hostOwner(context.baseUrl);
  if (issuer !== undefined && owner !== undefined && issuer !== owner) {
    throw keyError(
      context,
      'BACKEND_AUTH',
      `The API key from ${source} looks like ${withArticle(issuer)} key, but requests go to ${owner} (${context.providerName}); use ${withArticle(owner)} key.`,
    );
  }
  return key;
}
