import { describe, expect, it } from 'vitest';
import { interpolateEnvironment } from './env-interpolation.js';

describe('interpolateEnvironment', () => {
  it('replaces ${NAME} in string values at any depth', () => {
    const result = interpolateEnvironment(
      { agents: [{ backend: { api_key: '${KEY}', base_url: 'http://${HOST}:1234/v1' } }] },
      { KEY: 'secret', HOST: 'localhost' },
    );
    expect(result.value).toEqual({
      agents: [{ backend: { api_key: 'secret', base_url: 'http://localhost:1234/v1' } }],
    });
    expect(result.warnings).toEqual([]);
    expect([...result.interpolatedPaths]).toEqual(['agents[0].backend.api_key', 'agents[0].backend.base_url']);
  });

  it('uses the fallback of ${NAME:-fallback} when the variable is unset or empty', () => {
    const result = interpolateEnvironment(
      { a: '${UNSET:-one}', b: '${EMPTY:-two}', c: '${SET:-three}' },
      { EMPTY: '', SET: 'set' },
    );
    expect(result.value).toEqual({ a: 'one', b: 'two', c: 'set' });
    expect(result.warnings).toEqual([]);
  });

  it('keeps a set but empty variable empty without a warning', () => {
    const result = interpolateEnvironment({ a: '${EMPTY}' }, { EMPTY: '' });
    expect(result.value).toEqual({ a: '' });
    expect(result.warnings).toEqual([]);
  });

  it('warns about a missing variable, naming the key path and the variable, and leaves the value empty', () => {
    const result = interpolateEnvironment(
      { agents: [{ backend: { mcp_servers: { brave: { env: { BRAVE_API_KEY: '${BRAVE_API_KEY}' } } } } }] },
      {},
    );
    expect(result.value).toEqual({ agents: [{ backend: { mcp_servers: { brave: { env: { BRAVE_API_KEY: '' } } } } }] });
    expect(result.warnings).toEqual([
      {
        code: 'missing-env-var',
        segments: ['agents', 0, 'backend', 'mcp_servers', 'brave', 'env', 'BRAVE_API_KEY'],
        message: expect.stringMatching(/^environment variable BRAVE_API_KEY is not set/),
      },
    ]);
  });

  it('turns $${ into a literal ${ without looking the name up', () => {
    const result = interpolateEnvironment({ system_message: 'Use $${name} in templates' }, {});
    expect(result.value).toEqual({ system_message: 'Use ${name} in templates' });
    expect(result.warnings).toEqual([]);
  });

  it("keeps upstream's ${cwd} workspace placeholder for the MCP launcher", () => {
    const result = interpolateEnvironment({ args: ['--output-dir=${cwd}'] }, { cwd: '/should/not/be/used' });
    expect(result.value).toEqual({ args: ['--output-dir=${cwd}'] });
  });

  it('leaves text that is not a placeholder, keys and non-string values alone', () => {
    const value = { '${KEY}': '${not a name}', count: 3, flag: true, nothing: null };
    expect(interpolateEnvironment(value, { KEY: 'x' }).value).toEqual(value);
  });
});
