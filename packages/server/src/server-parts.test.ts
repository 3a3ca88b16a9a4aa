import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '@massgen/config';
import { createBearerCheck } from './bearer-auth.js';
import { ConcurrencyGate } from './concurrency-gate.js';
import { startMassGenServer } from './create-server.js';
import { ModelRegistry } from './model-registry.js';
import { resolveServerLimits } from './server-limits.js';

describe('createBearerCheck', () => {
  it('accepts only the exact key, and everything when there is none', () => {
    const check = createBearerCheck('s3cret');
    expect(check('Bearer s3cret')).toBe(true);
    expect(check('bearer s3cret')).toBe(true);
    for (const header of [undefined, '', 'Bearer', 'Bearer s3cre', 'Bearer s3cretx', 'Basic s3cret', 's3cret'])
      expect(check(header), String(header)).toBe(false);
    expect(createBearerCheck(undefined)(undefined)).toBe(true);
  });
});

describe('resolveServerLimits', () => {
  it('fills in defaults and names a limit that is not a positive whole number', () => {
    expect(resolveServerLimits({ maxConcurrentRuns: 5 })).toMatchObject({
      maxConcurrentRuns: 5,
      maxBodyBytes: 20 * 1024 * 1024,
      maxAttachments: 10,
      maxAttachmentBytes: 10 * 1024 * 1024,
    });
    expect(() => resolveServerLimits({ maxBodyBytes: 0 })).toThrow(
      /maxBodyBytes must be a positive whole number, got 0/,
    );
    expect(() => resolveServerLimits({ heartbeatMs: 1.5 })).toThrow(/heartbeatMs/);
  });
});

describe('ConcurrencyGate', () => {
  it('hands out slots up to its limit and reports when the last one is returned', async () => {
    const gate = new ConcurrencyGate(2);
    expect([gate.tryAcquire(), gate.tryAcquire(), gate.tryAcquire()]).toEqual([true, true, false]);
    let idle = false;
    const waiting = gate.idle().then(() => (idle = true));
    gate.release();
    await Promise.resolve();
    expect(idle).toBe(false);
    gate.release();
    await waiting;
    expect(gate.active).toBe(0);
    expect(gate.tryAcquire()).toBe(true);
  });
});

describe('startMassGenServer', () => {
  it('listens on 127.0.0.1 and knows its URL', async () => {
    const config = parseConfig('agent:\n  id: a\n  backend: { type: chatcompletion, model: m }\n', {
      baseDir: tmpdir(),
      env: {},
    });
    const serverPackage = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const server = await startMassGenServer({
      models: new ModelRegistry({ defaultConfig: config }),
      port: 0,
      run: { cwd: serverPackage, pluginConditions: ['@massgen/source'] },
    });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(await (await fetch(`${server.url}/health`)).json()).toEqual({ status: 'ok' });
    } finally {
      await server.close();
    }
  });
});
