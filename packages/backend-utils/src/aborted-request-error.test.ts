import { describe, expect, it } from 'vitest';
import { abortedRequestError } from './aborted-request-error.js';

describe('abortedRequestError', () => {
  it('is a cancel that is not retried, naming the provider', () => {
    expect(abortedRequestError('Acme')).toMatchObject({
      code: 'ABORTED',
      retryable: false,
      message: 'The request to Acme was cancelled.',
    });
  });
});
