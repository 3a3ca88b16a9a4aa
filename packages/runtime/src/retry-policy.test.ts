import { describe, expect, it } from 'vitest';
import { defaultRetryPolicy, retryDelay } from './retry-policy.js';

const noJitter = () => 0;

describe('retryDelay', () => {
  it('does not retry errors that are not retryable', () => {
    expect(retryDelay(defaultRetryPolicy, 0, { retryable: false })).toBeUndefined();
  });

  it('backs off exponentially up to the maximum', () => {
    const policy = { ...defaultRetryPolicy, maxRetries: 10 };
    expect([0, 1, 2, 3, 4].map((index) => retryDelay(policy, index, { retryable: true }, noJitter))).toEqual([
      1000, 2000, 4000, 8000, 8000,
    ]);
  });

  it('honours the delay the provider asked for', () => {
    expect(retryDelay(defaultRetryPolicy, 0, { retryable: true, retryAfterMs: 3500 }, noJitter)).toBe(3500);
  });

  it('gives up when the provider asks to wait longer than the cap', () => {
    expect(retryDelay(defaultRetryPolicy, 0, { retryable: true, retryAfterMs: 3_600_000 })).toBeUndefined();
  });

  it('stops after the allowed number of retries', () => {
    expect(retryDelay(defaultRetryPolicy, defaultRetryPolicy.maxRetries, { retryable: true })).toBeUndefined();
  });

  it('jitters downwards by at most a quarter', () => {
    expect(retryDelay(defaultRetryPolicy, 0, { retryable: true }, () => 1)).toBe(750);
  });
});
