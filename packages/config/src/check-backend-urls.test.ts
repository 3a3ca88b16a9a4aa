import { describe, expect, it } from 'vitest';
import { ConfigError } from '@massgen/core';
import { parseConfig } from './parse-config.js';
import { createQuickConfig } from './quick-config.js';

describe('a base_url with credentials', () => {
  it('is a configuration error at its key path that does not repeat the secret', () => {
    const yaml =
      'agents:\n  - id: bob\n    backend:\n      type: chatcompletion\n      model: m\n      base_url: "https://user:s3cret-token@llm.example.com/v1"\n';
    const error = (() => {
      try {
        parseConfig(yaml, { baseDir: '/srv', env: {} });
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).issues).toEqual([
      {
        path: 'agents[0].backend.base_url',
        line: 6,
        items: ['agent "bob"'],
        message:
          'the URL carries credentials (https://***@llm.example.com); expected the key in api_key (or a header in headers), which MassGen keeps out of logs, and the URL without user or password',
      },
    ]);
    expect((error as Error).message).not.toContain('s3cret-token');
  });

  it('is refused from --base-url too', () => {
    expect(() => createQuickConfig({ model: 'm', baseUrl: 'http://me:pw@localhost:8000/v1', env: {} })).toThrow(
      /base_url: the URL carries credentials \(http:\/\/\*\*\*@localhost:8000\)/,
    );
  });
});
