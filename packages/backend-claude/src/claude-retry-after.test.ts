import { describe, expect, it } from 'vitest';
import { claudeRetryAfter } from './claude-retry-after.js';

const now = Date.parse('2026-05-01T12:00:00Z');

/** Anthropic's `anthropic-ratelimit-<limit>-remaining` and `-reset` headers, for each limit its room left and reset time. */
function rateLimitHeaders(limits: Record<string, readonly [remaining: string, reset: string]>): Headers {
  return new Headers(
    Object.entries(limits).flatMap(([limit, [remaining, reset]]) => [
      [`anthropic-ratelimit-${limit}-remaining`, remaining],
      [`anthropic-ratelimit-${limit}-reset`, reset],
    ]),
  );
}

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
    const headers = rateLimitHeaders({
      requests: ['0', '2026-05-01T12:00:10Z'],
      'input-tokens': ['0', '2026-05-01T12:00:20Z'],
      'output-tokens': ['5000', '2026-05-01T12:00:50Z'],
    });
    expect(claudeRetryAfter(headers, now)).toBe(20_000);
  });

  it('ignores resets that are past or belong to limits with room left', () => {
    const headers = rateLimitHeaders({
      requests: ['0', '2026-05-01T11:59:00Z'],
      tokens: ['10', '2026-05-01T12:01:00Z'],
    });
    expect(claudeRetryAfter(headers, now)).toBeUndefined();
  });
});
