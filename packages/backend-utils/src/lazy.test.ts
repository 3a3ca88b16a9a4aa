import { describe, expect, it } from 'vitest';
import { lazy } from './lazy.js';

describe('lazy', () => {
  it('loads once for all callers, and tries again after a failure', async () => {
    let calls = 0;
    const load = lazy(async () => {
      calls += 1;
      if (calls === 1) throw new Error('no key yet');
      return calls;
    });
    await expect(load()).rejects.toThrow('no key yet');
    expect(await Promise.all([load(), load()])).toEqual([2, 2]);
    expect(await load()).toBe(2);
    expect(calls).toBe(2);
  });
});
