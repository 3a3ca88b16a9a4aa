import type { ClaudeCodeCredential } from './claude-code-credentials.js';

/** Variables Claude Code and the commands it runs need to work like they do in the user's shell. */
const passedNames = new Set([
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'LANG',
  'LANGUAGE',
  'TERM',
  'TMPDIR',
  'TZ',
  'XDG_CONFIG_HOME',
  'XDG_CACHE_HOME',
  'XDG_DATA_HOME',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'SystemRoot',
  'ComSpec',
  'PATHEXT',
  'USERPROFILE',
  'APPDATA',
  'LOCALAPPDATA',
  'TEMP',
  'TMP',
  'CLAUDE_CONFIG_DIR',
]);

/** Claude Code's own settings (`CLAUDE_CODE_USE_BEDROCK`, `ANTHROPIC_BASE_URL`, ...) and locale variables. */
const passedPrefixes = ['LC_', 'CLAUDE_CODE_', 'ANTHROPIC_'];

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
  const environment: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.env)) {
    if (value === undefined) continue;
    if (passedNames.has(name) || passedPrefixes.some((prefix) => name.startsWith(prefix))) environment[name] = value;
  }
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
