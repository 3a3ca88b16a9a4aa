import { describe, expect, it } from 'vitest';
import { errorReasons, parseGoogleRpcStatus, quotaViolations, retryDelayMs } from './google-rpc-status.js';

const body = {
  error: {
    code: 429,
    message: 'You exceeded your current quota.',
    status: 'RESOURCE_EXHAUSTED',
    details: [
      {
        '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
        violations: [
          { quotaMetric: 'm', quotaId: 'GenerateRequestsPerDayPerProjectPerModel-FreeTier', quotaValue: '250' },
          'junk',
        ],
      },
      { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'RATE_LIMIT_EXCEEDED' },
      { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '1.5s' },
    ],
  },
};

describe('parseGoogleRpcStatus', () => {
  it('reads the body the SDK puts in an ApiError, and the in-stream form', () => {
    const status = parseGoogleRpcStatus(JSON.stringify(body));
    expect(status).toMatchObject({
      code: 429,
      status: 'RESOURCE_EXHAUSTED',
      message: 'You exceeded your current quota.',
    });
    expect(parseGoogleRpcStatus(`got status: RESOURCE_EXHAUSTED. ${JSON.stringify(body)}`)).toEqual(status);
  });

  it('returns nothing for text that is not a Google error', () => {
    expect(parseGoogleRpcStatus('fetch failed')).toBeUndefined();
    expect(parseGoogleRpcStatus('{not json')).toBeUndefined();
    expect(parseGoogleRpcStatus('{"message":"x"}')).toBeUndefined();
  });

  it('reads the retry delay, the quota violations and the reasons from the details', () => {
    const status = parseGoogleRpcStatus(JSON.stringify(body));
    if (status === undefined) throw new Error('expected a status');
    expect(retryDelayMs(status)).toBe(1500);
    expect(quotaViolations(status)).toEqual([
      { quotaMetric: 'm', quotaId: 'GenerateRequestsPerDayPerProjectPerModel-FreeTier', quotaValue: '250' },
    ]);
    expect(errorReasons(status)).toEqual(['RATE_LIMIT_EXCEEDED']);
  });

  it('ignores a retry delay that is not a duration', () => {
    const status = parseGoogleRpcStatus(
      JSON.stringify({
        error: { message: '', details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: 'soon' }] },
      }),
    );
    expect(status === undefined ? 'none' : retryDelayMs(status)).toBeUndefined();
  });
});
