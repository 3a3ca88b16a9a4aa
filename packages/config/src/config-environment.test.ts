import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '@massgen/testing/vitest';
import { resolveEnvironment } from './config-environment.js';

describe('resolveEnvironment', () => {
  const scratch = useTemporaryDirectory('env');
  beforeEach(() => {
    fs.writeFileSync(path.join(scratch.path, '.env'), 'FROM_FILE=file\nSHARED=file\n');
  });

  it('overlays the given environment on .env, so exported variables win', () => {
    const env = resolveEnvironment({ cwd: scratch.path, env: { SHARED: 'shell', FROM_SHELL: 'shell' } });
    expect(env).toEqual({ FROM_FILE: 'file', SHARED: 'shell', FROM_SHELL: 'shell' });
  });

  it('does not let an undefined entry hide a .env value', () => {
    const env = resolveEnvironment({ cwd: scratch.path, env: { SHARED: undefined } });
    expect(env.SHARED).toBe('file');
  });

  it('uses the process environment when none is given', () => {
    const env = resolveEnvironment({ cwd: scratch.path });
    expect(env.PATH).toBe(process.env.PATH);
    expect(env.FROM_FILE).toBe('file');
  });

  it('returns a frozen object', () => {
    expect(Object.isFrozen(resolveEnvironment({ cwd: scratch.path, env: {} }))).toBe(true);
  });
});
