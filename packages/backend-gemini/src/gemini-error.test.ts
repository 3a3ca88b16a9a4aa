import { MassGenError } from '@massgen/core';
import { describe, expect, it } from 'vitest';
import { mapGeminiError, type GeminiErrorContext } from './gemini-error.js';

const context: GeminiErrorContext = {
  provider: 'gemini',
  providerName: 'Gemini',
  agentId: 'agent-a',
  phase: 'request',
  aborted: false,
  timedOut: false,
  timeoutMs: 600_000,
  secrets: ['AIzaSecretKey-123'],
};

/** An error shaped like the SDK's `ApiError`: the HTTP status and the body as its message. */
function apiError(status: number, body: unknown): Error {
  return Object.assign(new Error(JSON.stringify(body)), { name: 'ApiError', status });
}

function quotaBody(violation: Record<string, unknown>, message = 'You exceeded your current quota.'): unknown {
  return {
    error: {
      code: 429,
      status: 'RESOURCE_EXHAUSTED',
      message,
      details: [
        { '@type': 'type.googleapis.com/google.rpc.QuotaFailure', violations: [violation] },
        { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '30s' },
      ],
    },
  };
}

describe('mapGeminiError', () => {
  it('keeps a 429 retryable with its RetryInfo delay while the quota is a per-minute one', () => {
    const error = mapGeminiError(
      apiError(
        429,
        quotaBody({ quotaId: 'GenerateContentInputTokensPerModelPerMinute-FreeTier', quotaValue: '250000' }),
      ),
      context,
    );
    expect(error).toMatchObject({ code: 'BACKEND_RATE_LIMIT', retryable: true, retryAfterMs: 30_000, statusCode: 429 });
    expect(error.details).toEqual({
      status: 'RESOURCE_EXHAUSTED',
      quotaIds: ['GenerateContentInputTokensPerModelPerMinute-FreeTier'],
    });
  });

  it('makes a quota of 0 and spent credit BACKEND_QUOTA, not retried', () => {
    const noQuota = mapGeminiError(
      apiError(429, quotaBody({ quotaId: 'GenerateRequestsPerMinutePerProjectPerModel-FreeTier', quotaValue: '0' })),
      context,
    );
    expect(noQuota).toMatchObject({ code: 'BACKEND_QUOTA', retryable: false });
    expect(noQuota.retryAfterMs).toBeUndefined();
    expect(noQuota.message).toContain('no quota for the model');
    const spent = mapGeminiError(
      apiError(
        429,
        quotaBody(
          {},
          'Your prepayment credits are depleted. Please go to AI Studio to manage your project and billing.',
        ),
      ),
      context,
    );
    expect(spent).toMatchObject({ code: 'BACKEND_QUOTA', retryable: false });
  });

  it('treats 401 UNAUTHENTICATED as an auth failure', () => {
    expect(
      mapGeminiError(
        apiError(401, {
          error: { code: 401, status: 'UNAUTHENTICATED', message: 'Request had invalid authentication credentials.' },
        }),
        context,
      ).code,
    ).toBe('BACKEND_AUTH');
  });

  it('says cancelled when the caller aborted, whatever was thrown', () => {
    const error = mapGeminiError(apiError(500, { error: { message: 'x' } }), { ...context, aborted: true });
    expect(error).toMatchObject({ code: 'ABORTED', retryable: false, agentId: 'agent-a', provider: 'gemini' });
  });

  it('fills in the agent and provider of its own errors and keeps the rest', () => {
    const own = new MassGenError({ code: 'BACKEND_STREAM', retryable: true, message: 'ended early' });
    expect(mapGeminiError(own, context)).toMatchObject({
      code: 'BACKEND_STREAM',
      retryable: true,
      message: 'ended early',
      agentId: 'agent-a',
      provider: 'gemini',
    });
  });

  it('calls an unknown failure before the response INTERNAL, and after it a broken stream, with secrets redacted', () => {
    const before = mapGeminiError(new Error('bad state for AIzaSecretKey-123'), context);
    expect(before).toMatchObject({ code: 'INTERNAL', retryable: false });
    expect(before.message).toBe('The request to Gemini failed unexpectedly: bad state for [redacted].');
    const after = mapGeminiError(new Error('Incomplete JSON segment at the end'), { ...context, phase: 'stream' });
    expect(after).toMatchObject({ code: 'BACKEND_STREAM', retryable: true });
  });

  it('calls fetch failing to connect BACKEND_NETWORK, naming the cause', () => {
    const error = mapGeminiError(
      new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') }),
      context,
    );
    expect(error).toMatchObject({ code: 'BACKEND_NETWORK', retryable: true });
    expect(error.message).toBe('Could not reach Gemini: connect ECONNREFUSED 127.0.0.1:9.');
  });
});
