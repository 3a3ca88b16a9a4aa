import { describe, expect, it } from 'vitest';
import { classifyHttpFailure } from './classify-http-failure.js';

const codeOf = (...args: Parameters<typeof classifyHttpFailure>) => classifyHttpFailure(...args).code;

describe('classifyHttpFailure', () => {
  it('reads the status when the body says nothing more', () => {
    expect(
      [401, 403, 402, 429, 503, 529, 408, 504, 404, 500, 502, 400, 422].map((status) => codeOf(status, 'P')),
    ).toEqual([
      'BACKEND_AUTH',
      'BACKEND_AUTH',
      'BACKEND_QUOTA',
      'BACKEND_RATE_LIMIT',
      'BACKEND_OVERLOADED',
      'BACKEND_OVERLOADED',
      'TIMEOUT',
      'TIMEOUT',
      'BACKEND_NOT_FOUND',
      'BACKEND_SERVER',
      'BACKEND_SERVER',
      'BACKEND_BAD_REQUEST',
      'BACKEND_BAD_REQUEST',
    ]);
    expect(codeOf(undefined, 'P')).toBe('BACKEND_STREAM');
  });

  it("lets the body's facts decide where the status cannot: a bad key, spent quota, a full context, a stream's rate limit", () => {
    expect(codeOf(400, 'P', { badKey: true })).toBe('BACKEND_AUTH');
    expect(codeOf(429, 'P', { quota: true })).toBe('BACKEND_QUOTA');
    expect(codeOf(400, 'P', { contextLength: true })).toBe('BACKEND_CONTEXT_LENGTH');
    expect(codeOf(undefined, 'P', { rateLimited: true })).toBe('BACKEND_RATE_LIMIT');
    expect(codeOf(500, 'P', { overloaded: true })).toBe('BACKEND_OVERLOADED');
  });

  it('says which may pass with a retry, naming the provider', () => {
    expect(classifyHttpFailure(429, 'Acme')).toEqual({
      code: 'BACKEND_RATE_LIMIT',
      retryable: true,
      summary: 'Acme rate limit reached',
    });
    expect(classifyHttpFailure(429, 'Acme', { quota: true }).retryable).toBe(false);
    expect(classifyHttpFailure(401, 'Acme').retryable).toBe(false);
    expect(classifyHttpFailure(undefined, 'Acme').retryable).toBe(true);
  });
});
