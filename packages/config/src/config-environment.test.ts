import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveEnvironment } from './config-environment.js';

describe('resolveEnvironment', () => {
  let directory: string;
  beforeEach(() => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'massgen-env-'));
    fs.writeFileSync(path.join(directory, '.env'), 'FROM_FILE=file\nSHARED=file\n');
  });
  afterEach(() => {
    fs.rmSync(directory, { recursive: true, force: true });
  });

  it('overlays the given environment on .env, so exported variables win', () => {
    const env = resolveEnvironment({ cwd: directory, env: { SHARED: 'shell', FROM_SHELL: 'shell' } });
    expect(env).toEqual({ FROM_FILE: 'file', SHARED: 'shell', FROM_SHELL: 'shell' });
  });

  it('does not let an undefined entry hide a .env value', () => {
    const env = resolveEnvironment({ cwd: directory, env: { SHARED: undefined } });
    expect(env.SHARED).toBe('file');
  });

  it('uses the process environment when none is given', () => {
    const env = resolveEnvironment({ cwd: directory });
    expect(env.PATH).toBe(process.env.PATH);
    expect(env.FROM_FILE).toBe('file');
  });

  it('returns a frozen object', () => {
    expect(Object.isFrozen(resolveEnvironment({ cwd: directory, env: {} }))).toBe(true);
  });
});
