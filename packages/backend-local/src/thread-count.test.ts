import { describe, expect, it } from 'vitest';
import { defaultThreadCount } from './thread-count.js';

describe('defaultThreadCount', () => {
  it('uses one thread on one or two cores and about one per physical core above', () => {
    expect(defaultThreadCount(1)).toBe(1);
    expect(defaultThreadCount(2)).toBe(1);
    expect(defaultThreadCount(8)).toBe(4);
    expect(defaultThreadCount(16)).toBe(8);
  });
});
