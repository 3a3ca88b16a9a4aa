import { describe, expect, it } from 'vitest';
import { MassGenError } from '@massgen/core';
import { failedCallContext, mapBackendError, providerText, type BackendErrorContext } from './map-backend-error.js';

class VendorError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const context: BackendErrorContext = {
  provider: 'acme',
  providerName: 'Acme',
  agentId: 'a',
  phase: 'request',
  aborted: false,
  timeoutMs: 30_000,
  secrets: ['secret-key-123'],
};

const vendor = {
  isTimeout: (error: unknown) => error instanceof Error && error.message === 'timeout',
  isConnectionFailure: (error: unknown) => error instanceof Error && error.message === 'connect',
  classify: (error: unknown) =>
    error instanceof VendorError
      ? {
          code: 'BACKEND_RATE_LIMIT' as const,
          retryable: true,
          summary: 'Acme rate limit reached',
          providerMessage: providerText(error.message),
          statusCode: error.status,
          retryAfterMs: 2000,
        }
      : undefined,
};

describe('mapBackendError', () => {
  it("classifies with the vendor's classifier and redacts secrets from the provider's words", () => {
    const mapped = mapBackendError(new VendorError(429, 'slow down, secret-key-123'), context, vendor);
    expect(mapped).toMatchObject({ code: 'BACKEND_RATE_LIMIT', retryable: true, retryAfterMs: 2000, statusCode: 429 });
    expect(mapped.message).toBe('Acme rate limit reached (HTTP 429): slow down, [redacted]');
  });

  it('puts the caller’s cancel first, and keeps a MassGenError, attributed', () => {
    expect(mapBackendError(new VendorError(500, 'x'), { ...context, aborted: true }, vendor).code).toBe('ABORTED');
    const kept = mapBackendError(new MassGenError({ code: 'BACKEND_AUTH', message: 'no' }), context, vendor);
    expect(kept).toMatchObject({ code: 'BACKEND_AUTH', agentId: 'a', provider: 'acme' });
  });

  it('names timeouts, unreachable providers, broken streams and the unexpected', () => {
    expect(mapBackendError(new Error('timeout'), context, vendor).message).toBe(
      'Acme did not answer within 30 s (the request timeout).',
    );
    expect(mapBackendError(new Error('connect', { cause: new Error('ECONNREFUSED') }), context, vendor)).toMatchObject({
      code: 'BACKEND_NETWORK',
      message: 'Could not reach Acme: ECONNREFUSED.',
    });
    expect(mapBackendError(new Error('terminated'), { ...context, phase: 'stream' })).toMatchObject({
      code: 'BACKEND_STREAM',
      retryable: true,
    });
    expect(mapBackendError('odd', context).code).toBe('INTERNAL');
  });
});

describe('providerText', () => {
  it('puts a message on one line of at most 500', () => {
    expect(providerText('a\n  b')).toBe('a b');
    expect(providerText('x'.repeat(600))).toHaveLength(501);
  });
});

describe('failedCallContext', () => {
  it('names the agent and backend, says whether the caller cancelled, and keeps the key as a secret once there is one', () => {
    const settings = { type: 'acme', agentId: 'a' };
    const call = { providerName: 'Acme', phase: 'request' as const, timeoutMs: 30_000 };
    expect(failedCallContext(settings, { ...call, signal: undefined, apiKey: 'secret-key-123' })).toEqual(context);
    expect(failedCallContext(settings, { ...call, signal: AbortSignal.abort(), apiKey: undefined })).toMatchObject({
      aborted: true,
      secrets: [],
    });
  });
});
