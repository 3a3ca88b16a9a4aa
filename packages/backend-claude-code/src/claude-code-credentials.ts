import { placeholderApiKey, resolveApiKey } from '@massgen/backend-utils';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { MassGenError, type Warning } from '@massgen/core';

export const apiKeyVariable = 'ANTHROPIC_API_KEY';

/** Claude Code's other ways in: a gateway's bearer token and a subscription token (`claude setup-token`). */
export const tokenVariables = ['ANTHROPIC_AUTH_TOKEN', 'CLAUDE_CODE_OAUTH_TOKEN'] as const;

/** Sent to a local Anthropic-compatible server that checks no key, because Claude Code wants one. */
export { placeholderApiKey } from '@massgen/backend-utils';

/** Where Claude Code sends requests when no base_url is configured. */
const anthropicApiUrl = 'https://api.anthropic.com';

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** How Claude Code will authenticate: a key MassGen hands it, or its own token or login. */
export type ClaudeCodeCredential =
  | { kind: 'api-key'; apiKey: string }
  | { kind: 'token'; variable: (typeof tokenVariables)[number] }
  | { kind: 'login' };

export interface ClaudeCodeCredentialContext {
  /** `backend.api_key` as configured, if it was. */
  configuredKey: string | undefined;
  /** `backend.base_url`, when requests go somewhere other than Anthropic. */
  baseUrl: string | undefined;
  env: Readonly<Record<string, string | undefined>>;
  warn: (warning: Warning) => void;
  agentId: string;
  /** The backend type, for `MassGenError.provider`. */
  provider: string;
  /** Whether `claude login` left credentials Claude Code can use; checked only when nothing else is set. */
  hasStoredLogin?: (env: Readonly<Record<string, string | undefined>>) => boolean;
}

/** Where `claude login` keeps its credentials on Linux and Windows (macOS uses the keychain). */
export function hasStoredClaudeLogin(env: Readonly<Record<string, string | undefined>>): boolean {
  const home = env['HOME'] ?? env['USERPROFILE'];
  const configDirectory = env['CLAUDE_CONFIG_DIR'] ?? (home === undefined ? undefined : path.join(home, '.claude'));
  return configDirectory !== undefined && existsSync(path.join(configDirectory, '.credentials.json'));
}

function keyError(
  context: ClaudeCodeCredentialContext,
  code: 'BACKEND_MISSING_KEY' | 'BACKEND_AUTH',
  message: string,
): MassGenError {
  return new MassGenError({ code, message, retryable: false, agentId: context.agentId, provider: context.provider });
}

/** The key checked as every backend checks one; a key of another provider is refused at Anthropic itself. */
function checkedKey(configuredKey: string | undefined, context: ClaudeCodeCredentialContext): string {
  return resolveApiKey({
    configuredKey,
    variables: [apiKeyVariable],
    env: context.env,
    baseUrl: context.baseUrl ?? anthropicApiUrl,
    providerName: 'Claude Code',
    optional: false,
    warn: context.warn,
    agentId: context.agentId,
    provider: context.provider,
  });
}

/**
 * Decides how Claude Code authenticates, at the first turn rather than when the backend is
 * created, so that `--validate` and agents that never run need nothing. The key itself never
 * appears in a message: problems are described by where the key came from and whose it seems to be.
 */
export function resolveClaudeCodeCredential(context: ClaudeCodeCredentialContext): ClaudeCodeCredential {
  if (context.configuredKey !== undefined) {
    if (context.configuredKey.trim() === '') {
      throw keyError(
        context,
        'BACKEND_MISSING_KEY',
        'No API key for Claude Code: backend.api_key is empty (was the environment variable it refers to unset?).',
      );
    }
    return { kind: 'api-key', apiKey: checkedKey(context.configuredKey, context) };
  }
  const fromEnvironment = context.env[apiKeyVariable];
  if (fromEnvironment !== undefined && fromEnvironment.trim() !== '')
    return { kind: 'api-key', apiKey: checkedKey(undefined, context) };
  const variable = tokenVariables.find((name) => (context.env[name] ?? '').trim() !== '');
  if (variable !== undefined) return { kind: 'token', variable };
  if (context.baseUrl !== undefined && loopbackHosts.has(new URL(context.baseUrl).hostname.toLowerCase()))
    return { kind: 'api-key', apiKey: placeholderApiKey };
  if ((context.hasStoredLogin ?? hasStoredClaudeLogin)(context.env)) return { kind: 'login' };
  throw keyError(
    context,
    'BACKEND_MISSING_KEY',
    `No credentials for Claude Code: set ${apiKeyVariable} in the environment or in .env (or api_key in the backend block), or CLAUDE_CODE_OAUTH_TOKEN from \`claude setup-token\` to use a Claude subscription.`,
  );
}
