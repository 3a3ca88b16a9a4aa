import { minimumSecretLength } from '@massgen/core';
import type { MassGenConfig } from './config-model.js';
import { isMapping } from './is-mapping.js';
import type { KeySegment } from './key-path.js';
import { isSecretKeyPath } from './secret-paths.js';

const credentialVariable = /(^|_)(API_?KEY|KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?)(_|$)/i;

/** Whether an environment variable's name says it holds a credential (`OPENAI_API_KEY`, `GITHUB_TOKEN`...). */
export function isCredentialVariable(name: string): boolean {
  return credentialVariable.test(name);
}

/**
 * Every credential a configuration holds, for redaction wherever text could echo one back (a
 * provider repeating the key in its error, a server printing its environment): the secrets in
 * each backend's options and each tool package's settings (an MCP server's `env`, `headers` and
 * integration options), by the rules of `secretsIn`, and the credential variables of the
 * environment backends read keys from. Longest first, so a secret that contains another is
 * replaced whole.
 */
export function collectSecrets(config: MassGenConfig): string[] {
  const secrets = new Set<string>();
  for (const agent of config.agents) for (const secret of secretsIn(agent.backend.options)) secrets.add(secret);
  for (const tool of config.tools)
    for (const source of [tool.run, ...tool.agents])
      if (source !== undefined) for (const secret of secretsIn(source.settings)) secrets.add(secret);
  for (const [name, value] of Object.entries(config.env))
    if (value !== undefined && isCredentialVariable(name)) for (const secret of splitSecret(value)) secrets.add(secret);
  return [...secrets].sort((a, b) => b.length - a.length);
}

/**
 * The credentials inside a value from a configuration: strings under credential-named keys
 * (`api_key`, `token`, `password`...) at any depth, `extra_body` included; every value inside an
 * `env` or `headers` mapping, or under a key with `header` in its name (and the token after
 * `Bearer`); the user and password of any URL that carries them; and the strings under the
 * `secretKeys` a plugin declares (an MCP integration's `metadata.secretOptions`), at any depth
 * below them.
 */
export function secretsIn(value: unknown, secretKeys: readonly string[] = []): string[] {
  const secrets = new Set<string>();
  const visit = (child: unknown, segments: KeySegment[]): void => {
    if (typeof child === 'string') {
      if (
        isSecretKeyPath(segments) ||
        segments.some(
          (segment) => typeof segment === 'string' && (/header/i.test(segment) || secretKeys.includes(segment)),
        )
      )
        for (const secret of splitSecret(child)) secrets.add(secret);
      for (const credential of urlCredentials(child)) for (const secret of splitSecret(credential)) secrets.add(secret);
    } else if (Array.isArray(child)) child.forEach((item, index) => visit(item, [...segments, index]));
    else if (isMapping(child))
      for (const [key, grandchild] of Object.entries(child)) visit(grandchild, [...segments, key]);
  };
  visit(value, []);
  return [...secrets];
}

/** The value, and each word of it (the token of `Bearer <token>`), long enough to be redacted safely. */
function splitSecret(value: string): string[] {
  return [value, ...value.split(/\s+/)]
    .map((candidate) => candidate.trim())
    .filter((candidate) => candidate.length >= minimumSecretLength);
}

/**
 * `user:password`, the password and the user of a URL that carries them, each as written
 * (percent-encoded) and decoded.
 */
function urlCredentials(text: string): string[] {
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^/\s]*@/i.test(text)) return [];
  try {
    const url = new URL(text);
    const parts = new Set<string>();
    for (const [username, password] of [
      [url.username, url.password],
      [decodeURIComponent(url.username), decodeURIComponent(url.password)],
    ] as const)
      for (const part of [password, `${username}:${password}`, username])
        if (part !== '' && part !== ':') parts.add(part);
    return [...parts];
  } catch {
    return [];
  }
}
