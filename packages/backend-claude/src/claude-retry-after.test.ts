import { describe, expect, it } from 'vitest';
import { claudeRetryAfter } from './claude-retry-after.js';

const now = Date.parse('2026-05-01T12:00:00Z');

describe('claudeRetryAfter', () => {
  it('reads retry-after as seconds or as an HTTP date', () => {
    expect(claudeRetryAfter(new Headers({ 'retry-after': '7' }), now)).toBe(7000);
    expect(claudeRetryAfter(new Headers({ 'retry-after': '0.5' }), now)).toBe(500);
    expect(claudeRetryAfter(new Headers({ 'retry-after': 'Fri, 01 May 2026 12:00:30 GMT' }), now)).toBe(30_000);
  });

  it('ignores nonsense rather than trusting it', () => {
    expect(claudeRetryAfter(new Headers({ 'retry-after': '-3' }), now)).toBeUndefined();
    expect(claudeRetryAfter(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(claudeRetryAfter(undefined, now)).toBeUndefined();
  });

  it('without retry-after, waits for the latest reset among the limits that are used up', () => {
    const headers = new Headers({
      'anthropic-ratelimit-requests-remaining': '0',
      'anthropic-ratelimit-requests-reset': '2026-05-01T12:00:10Z',
      'anthropic-ratelimit-input-tokens-remaining': '0',
      'anthropic-ratelimit-input-tokens-reset': '2026-05-01T12:00:20Z',
      'anthropic-ratelimit-output-tokens-remaining': '5000',
      'anthropic-ratelimit-output-tokens-reset': '2026-05-01T12:00:50Z',
    });
    expect(claudeRetryAfter(headers, now)).toBe(20_000);
  });

  it('ignores resets that are past or belong to limits with room left', () => {
    const headers = new Headers({
      'anthropic-ratelimit-requests-remaining': '0',
      'anthropic-ratelimit-requests-reset': '2026-05-01T11:59:00Z',
      'anthropic-ratelimit-tokens-remaining': '10',
      'anthropic-ratelimit-tokens-reset': '2026-05-01T12:01:00Z',
    });
    expect(claudeRetryAfter(headers, now)).toBeUndefined();
  });
});
