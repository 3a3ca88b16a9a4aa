import { describe, expect, it } from 'vitest';
import { childEnvironment } from './child-environment.js';

const parent = {
  PATH: '/usr/bin',
  HOME: '/home/user',
  LANG: 'en_US.UTF-8',
  HTTPS_PROXY: 'http://proxy:3128',
  OPENAI_API_KEY: 'sk-secret',
  ANTHROPIC_API_KEY: 'sk-ant-secret',
  BRAVE_API_KEY: 'brave-secret',
  UNSET: undefined,
  BASH_FUNC_x: '() { echo; }',
  TERM: '() { evil; }',
};

describe('childEnvironment', () => {
  it('passes the safe base and the server env block, and no other variable', () => {
    const environment = childEnvironment({ BRAVE_API_KEY: 'brave-secret', MODE: 'test' }, parent, 'linux');
    expect(environment).toEqual({
      PATH: '/usr/bin',
      HOME: '/home/user',
      LANG: 'en_US.UTF-8',
      HTTPS_PROXY: 'http://proxy:3128',
      BRAVE_API_KEY: 'brave-secret',
      MODE: 'test',
    });
    expect(Object.values(environment)).not.toContain('sk-secret');
  });

  it('lets the server env block override the base', () => {
    expect(childEnvironment({ PATH: '/opt/server/bin' }, parent, 'linux')['PATH']).toBe('/opt/server/bin');
  });

  it('matches Windows variable names whatever their case', () => {
    const environment = childEnvironment(
      {},
      { Path: 'C:\\Windows', SystemRoot: 'C:\\Windows', OPENAI_API_KEY: 'sk-secret' },
      'win32',
    );
    expect(environment).toEqual({ Path: 'C:\\Windows', SystemRoot: 'C:\\Windows' });
  });

  it('is case-sensitive on POSIX', () => {
    expect(childEnvironment({}, { path: '/tmp/evil' }, 'linux')).toEqual({});
  });
});
