/** Names of variables and headers whose values are credentials. */
const secretName = /key|token|secret|passw|auth|credential|cookie/i;

/**
 * The credential values among a server's `env` and `headers` (`BRAVE_API_KEY`, `Authorization`),
 * so that a server echoing them in an error never carries them into a warning or a log.
 */
export function secretValues(...maps: Array<Readonly<Record<string, string>>>): string[] {
  return maps.flatMap((map) =>
    Object.entries(map)
      .filter(([name, value]) => secretName.test(name) && value.trim().length >= 4)
      .map(([, value]) => value),
  );
}

export function redactSecrets(text: string, secrets: readonly string[]): string {
  // Longest first, so a secret that contains another is replaced whole.
  return [...secrets]
    .sort((a, b) => b.length - a.length)
    .reduce((redacted, secret) => redacted.split(secret).join('***'), text);
}
