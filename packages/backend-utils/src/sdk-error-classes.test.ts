import { describe, expect, it } from 'vitest';
import type { ProviderFailure } from './map-backend-error.js';
import { sdkErrorClassifier } from './sdk-error-classes.js';

class APIError extends Error {
  constructor(readonly status: number) {
    super(`${status}`);
  }
}
class APIUserAbortError extends APIError {}
class APIConnectionError extends APIError {}
class APIConnectionTimeoutError extends APIConnectionError {}

const classes = { APIError, APIUserAbortError, APIConnectionError, APIConnectionTimeoutError };
const failure = (error: APIError): ProviderFailure => ({
  code: 'BACKEND_SERVER',
  retryable: true,
  summary: 'server error',
  providerMessage: `HTTP ${error.status}`,
});

describe('sdkErrorClassifier', () => {
  it("recognises the SDK's abort, timeout and connection errors, and classifies its API errors", () => {
    const vendor = sdkErrorClassifier(classes, failure);
    expect(vendor.isAbort?.(new APIUserAbortError(0))).toBe(true);
    expect(vendor.isTimeout?.(new APIConnectionTimeoutError(0))).toBe(true);
    expect(vendor.isConnectionFailure?.(new APIConnectionError(0))).toBe(true);
    expect(vendor.isAbort?.(new Error('x'))).toBe(false);
    expect(vendor.classify?.(new APIError(500))).toMatchObject({ code: 'BACKEND_SERVER', providerMessage: 'HTTP 500' });
    expect(vendor.classify?.(new Error('x'))).toBeUndefined();
  });

  it("knows no error as the SDK's before the SDK was loaded", () => {
    const vendor = sdkErrorClassifier(undefined, failure);
    expect(vendor.isAbort?.(new APIUserAbortError(0))).toBe(false);
    expect(vendor.isTimeout?.(new APIConnectionTimeoutError(0))).toBe(false);
    expect(vendor.isConnectionFailure?.(new APIConnectionError(0))).toBe(false);
    expect(vendor.classify?.(new APIError(500))).toBeUndefined();
  });
});
