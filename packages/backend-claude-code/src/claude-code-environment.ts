import { inheritedEnvironment } from '@massgen/process-containment';
import type { ClaudeCodeCredential } from './claude-code-credentials.js';

/** What Claude Code and the commands it runs need beyond every child's basics (its own settings among them). */
const claudeCodeNames = [
  'LANGUAGE',
  'XDG_CONFIG_HOME',
  'XDG_CACHE_HOME',
  'XDG_DATA_HOME',
  'SSL_CERT_DIR',
  'CLAUDE_CONFIG_DIR',
];

/** Claude Code's own settings (`CLAUDE_CODE_USE_BEDROCK`, `ANTHROPIC_BASE_URL`, ...) and locale variables. */
const claudeCodePrefixes = ['LC_', 'CLAUDE_CODE_', 'ANTHROPIC_'];

export interface ClaudeCodeEnvironmentInput {
  /** The environment MassGen runs in (the process environment plus `.env`). */
  env: Readonly<Record<string, string | undefined>>;
  credential: ClaudeCodeCredential;
  /** `backend.base_url`, when configured. */
  baseUrl: string | undefined;
  timeoutMs: number;
  maxOutputTokens: number | undefined;
  /** `backend.env`: set last, so it can override anything here. */
  extra: Readonly<Record<string, string>>;
}

/**
 * The environment of the Claude Code process. It is built from an allow-list rather than the
 * whole environment, because the model runs commands in it: other providers' keys and unrelated
 * secrets stay out of its reach. Retries are switched off because the MassGen runtime retries.
 */
export function buildClaudeCodeEnvironment(input: ClaudeCodeEnvironmentInput): Record<string, string> {
  const environment = inheritedEnvironment(input.env, { names: claudeCodeNames, prefixes: claudeCodePrefixes });
  // Only the credential chosen for this agent reaches Claude Code, trimmed and checked.
  delete environment['ANTHROPIC_API_KEY'];
  if (input.credential.kind !== 'token') {
    delete environment['ANTHROPIC_AUTH_TOKEN'];
    delete environment['CLAUDE_CODE_OAUTH_TOKEN'];
  }
  if (input.credential.kind === 'api-key') environment['ANTHROPIC_API_KEY'] = input.credential.apiKey;
  if (input.baseUrl !== undefined) environment['ANTHROPIC_BASE_URL'] = input.baseUrl;
  environment['CLAUDE_CODE_MAX_RETRIES'] = '0';
  environment['API_TIMEOUT_MS'] = String(input.timeoutMs);
  environment['CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC'] = '1';
  environment['DISABLE_AUTOUPDATER'] = '1';
  environment['CLAUDE_AGENT_SDK_CLIENT_APP'] = 'massgen';
  if (input.maxOutputTokens !== undefined) environment['CLAUDE_CODE_MAX_OUTPUT_TOKENS'] = String(input.maxOutputTokens);
  return { ...environment, ...input.extra };
}
