import type { MassGenConfig } from './config-model.js';
import { isMapping } from './is-mapping.js';
import type { KeySegment } from './key-path.js';
import { isSecretKeyPath } from './secret-paths.js';

/** Shorter values are too likely to occur in ordinary text to be replaced wherever they appear. */
const minimumSecretLength = 8;

const credentialVariable = /(^|_)(API_?KEY|KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?)(_|$)/i;

/** Whether an environment variable's name says it holds a credential (`OPENAI_API_KEY`, `GITHUB_TOKEN`...). */
export function isCredentialVariable(name: string): boolean {
  return credentialVariable.test(name);
}

/**
 * Every credential a configuration holds, for redaction wherever text could echo one back (a
 * provider repeating the key in its error, a server printing its environment): values under
 * credential-named keys (`api_key`, `token`, `password`...) anywhere in a backend's options,
 * `extra_body` included; every header value (and the token after `Bearer`); credentials in any
 * URL; the same in every tool package's settings (an MCP server's `env` and `headers`); and the credential variables of the environment
 * backends read keys from.
 */
export function collectSecrets(config: MassGenConfig): string[] {
  const secrets = new Set<string>();
  const add = (value: string): void => {
    for (const candidate of [value, ...value.split(/\s+/)])
      if (candidate.trim().length >= minimumSecretLength) secrets.add(candidate.trim());
  };
  const visit = (value: unknown, segments: KeySegment[]): void => {
    if (typeof value === 'string') {
      if (
        isSecretKeyPath(segments) ||
        segments.some((segment) => typeof segment === 'string' && /header/i.test(segment))
      )
        add(value);
      urlCredentials(value).forEach(add);
    } else if (Array.isArray(value)) value.forEach((item, index) => visit(item, [...segments, index]));
    else if (isMapping(value)) for (const [key, child] of Object.entries(value)) visit(child, [...segments, key]);
  };
  for (const agent of config.agents) visit(agent.backend.options, []);
  for (const tool of config.tools)
    for (const source of [tool.run, ...tool.agents]) if (source !== undefined) visit(source.settings, []);
  for (const [name, value] of Object.entries(config.env))
    if (value !== undefined && isCredentialVariable(name)) add(value);
  // Longest first, so a secret that contains another is replaced whole.
  return [...secrets].sort((a, b) => b.length - a.length);
}

/** `user:password` and the password of a URL that carries them. */
function urlCredentials(text: string): string[] {
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^/\s]*@/i.test(text)) return [];
  try {
    const url = new URL(text);
    const password = decodeURIComponent(url.password);
    const username = decodeURIComponent(url.username);
    return [password, `${username}:${password}`, username].filter((part) => part !== '');
  } catch {
    return [];
  }
}

/** Replaces every secret in a text with `[redacted]`. */
export function redactText(text: string, secrets: readonly string[]): string {
  let redacted = text;
  for (const secret of secrets) if (redacted.includes(secret)) redacted = redacted.split(secret).join('[redacted]');
  return redacted;
}
