import { describe, expect, it } from 'vitest';
import { parseProviderLimits } from './provider-limits.js';

describe('parseProviderLimits', () => {
  it('reads TYPE=N flags into limits, and names the flag when one is wrong', () => {
    const limits = parseProviderLimits(['openai=8', '*=2'], 'concurrency', '--provider-concurrency');
    expect(parseProviderLimits(['openai=500'], 'requestsPerMinute', '--provider-rpm', limits)).toEqual({
      openai: { concurrency: 8, requestsPerMinute: 500 },
      '*': { concurrency: 2 },
    });
    expect(() => parseProviderLimits(['openai'], 'concurrency', '--provider-concurrency')).toThrow(
      '--provider-concurrency openai: expected BACKEND_TYPE=N with a positive whole number',
    );
    expect(() => parseProviderLimits(['openai=0'], 'concurrency', '--provider-concurrency')).toThrow(/positive/);
  });
});
