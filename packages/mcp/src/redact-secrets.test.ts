import { describe, expect, it } from 'vitest';
import { redactSecrets, secretValues } from './redact-secrets.js';

describe('secretValues and redactSecrets', () => {
  it('finds credentials by the name of their variable or header', () => {
    const secrets = secretValues(
      { BRAVE_API_KEY: 'brave-123456', ROOT: '/srv/data' },
      { Authorization: 'Bearer abcdef', 'X-Team': 'research' },
    );
    expect(secrets).toEqual(['brave-123456', 'Bearer abcdef']);
  });

  it('ignores values too short to be a credential', () => {
    expect(secretValues({ TOKEN: 'x' })).toEqual([]);
  });

  it('replaces every occurrence, the longest secret first', () => {
    expect(
      redactSecrets('key brave-123456 and Bearer abcdef, again brave-123456', [
        'abcdef',
        'Bearer abcdef',
        'brave-123456',
      ]),
    ).toBe('key *** and ***, again ***');
  });
});
