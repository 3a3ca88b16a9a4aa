import { describe, expect, it } from 'vitest';
import { inheritedEnvironment } from './inherited-environment.js';

describe('inheritedEnvironment', () => {
  const parent = {
    PATH: '/usr/bin',
    HOME: '/home/u',
    LC_MESSAGES: 'C',
    OPENAI_API_KEY: 'sk-proj-secret',
    TOOL_MODE: 'fast',
    BASH_FUNC_x: '() { echo hi; }',
    UNSET: undefined,
  };

  it('passes the basics every program needs and no secrets', () => {
    expect(inheritedEnvironment(parent, { platform: 'linux' })).toEqual({ PATH: '/usr/bin', HOME: '/home/u' });
  });

  it("adds a child's own names and prefixes, and never passes an exported shell function", () => {
    const environment = inheritedEnvironment(
      { ...parent, TOOL_FUNC: '() { rm -rf ~; }' },
      { names: ['TOOL_MODE'], prefixes: ['LC_', 'TOOL_'], platform: 'linux' },
    );
    expect(environment).toEqual({ PATH: '/usr/bin', HOME: '/home/u', LC_MESSAGES: 'C', TOOL_MODE: 'fast' });
  });

  it('matches names without regard to case on Windows, keeping the spelling it found', () => {
    const environment = inheritedEnvironment(
      { Path: 'C:\\Windows', SystemRoot: 'C:\\Windows', tool_mode: 'x', OPENAI_API_KEY: 'k' },
      { names: ['TOOL_MODE'], platform: 'win32' },
    );
    expect(environment).toEqual({ Path: 'C:\\Windows', SystemRoot: 'C:\\Windows', tool_mode: 'x' });
  });
});
