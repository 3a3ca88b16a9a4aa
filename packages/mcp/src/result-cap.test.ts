import { describe, expect, it } from 'vitest';
import { capResult } from './result-cap.js';

describe('capResult', () => {
  it('leaves a result within the cap alone', () => {
    expect(capResult('short', 5)).toBe('short');
  });

  it('keeps the start of a longer result and says how much was cut', () => {
    const capped = capResult('abcdefghij', 4);
    expect(capped.startsWith('abcd\n\n')).toBe(true);
    expect(capped).toContain('6 of 10 characters were cut');
    expect(capped).toContain('only the first 4 are shown');
  });

  it('does not split a surrogate pair at the cut', () => {
    const capped = capResult('ab😀cdef', 3);
    expect(capped.startsWith('ab\n\n')).toBe(true);
    expect(capped).toContain('6 of 8 characters were cut');
  });
});
