import { describe, expect, it } from 'vitest';
import { createWarningFilter } from './warning-filter.js';

describe('createWarningFilter', () => {
  it('lets each warning through once, told apart by code and message', () => {
    const firstTime = createWarningFilter();
    const warning = { code: 'ignored-setting', message: 'top_p is ignored' };
    expect(firstTime(warning)).toBe(true);
    expect(firstTime({ ...warning })).toBe(false);
    expect(firstTime({ ...warning, message: 'seed is ignored' })).toBe(true);
  });
});
