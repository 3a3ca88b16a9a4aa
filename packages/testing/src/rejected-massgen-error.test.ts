import { ConfigError } from '@massgen/core';
import { describe, expect, it } from 'vitest';
import { rejectedMassGenError } from './rejected-massgen-error.js';

describe('rejectedMassGenError', () => {
  it('gives the MassGenError a promise rejects with', async () => {
    const error = new ConfigError({ issues: [{ path: 'backend.x', message: 'bad' }] });
    await expect(rejectedMassGenError(Promise.reject(error))).resolves.toBe(error);
  });

  it('fails when the promise resolves, and rethrows any other rejection', async () => {
    await expect(rejectedMassGenError(Promise.resolve(1))).rejects.toThrow('expected a MassGenError to be thrown');
    await expect(rejectedMassGenError(Promise.reject(new TypeError('other')))).rejects.toThrow(TypeError);
  });
});
