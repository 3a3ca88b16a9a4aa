import { describe, expect, it } from 'vitest';
import { secretsIn } from './config-secrets.js';

describe('secretsIn', () => {
  it('finds credentials by key name at any depth, every env and header value, and the token after Bearer', () => {
    const secrets = secretsIn({
      model: 'gpt-5-nano',
      max_tokens: 4096,
      extra_body: { nested: { password: 'body-password-1' } },
      env: { ROOT_DIRECTORY: '/srv/data/notes' },
      headers: { Authorization: 'Bearer abcdefgh-token' },
    });
    expect(secrets).toEqual(
      expect.arrayContaining(['body-password-1', '/srv/data/notes', 'Bearer abcdefgh-token', 'abcdefgh-token']),
    );
    expect(secrets).not.toContain('gpt-5-nano');
  });

  it('finds the user and password of a URL, as written and decoded', () => {
    const secrets = secretsIn({ url: 'postgresql://massgen-reader:p%40ss-word-99@127.0.0.1:5432/shop' });
    expect(secrets).toEqual(
      expect.arrayContaining(['p%40ss-word-99', 'p@ss-word-99', 'massgen-reader:p@ss-word-99', 'massgen-reader']),
    );
  });

  it('finds what a plugin declares secret, with everything below it, though not named like a credential', () => {
    const options = { file: 'notebook.json', access_code: 'open-sesame-4411', vault: { dsn: 'host=db pass=hunter22' } };
    expect(secretsIn(options)).toEqual([]);
    expect(secretsIn(options, ['access_code', 'vault'])).toEqual(
      expect.arrayContaining(['open-sesame-4411', 'host=db pass=hunter22', 'pass=hunter22']),
    );
    expect(secretsIn(options, ['access_code', 'vault'])).not.toContain('notebook.json');
  });

  it('leaves values too short to redact safely', () => {
    // The whole header value is long enough; the token alone is not.
    expect(secretsIn({ password: 'short', token: 'Bearer abc' })).toEqual(['Bearer abc']);
  });
});
