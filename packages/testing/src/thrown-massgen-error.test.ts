import { ConfigError } from '@massgen/core';
import { describe, expect, it } from 'vitest';
import { thrownMassGenError } from './thrown-massgen-error.js';

describe('thrownMassGenError', () => {
  it('returns the MassGenError thrown', () => {
    const error = new ConfigError({ issues: [{ path: 'backend.x', message: 'bad' }] });
    expect(
      thrownMassGenError(() => {
        throw error;
      }),
    ).toBe(error);
  });

  it('fails when nothing is thrown, and rethrows any other error', () => {
    expect(() => thrownMassGenError(() => 1)).toThrow('expected a MassGenError to be thrown');
    expect(() =>
      thrownMassGenError(() => {
        throw new TypeError('other');
      }),
    ).toThrow(TypeError);
  });
});
