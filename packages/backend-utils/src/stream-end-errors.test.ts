import { describe, expect, it } from 'vitest';
import { abortedRequestError, unfinishedStreamError } from './stream-end-errors.js';

describe('abortedRequestError', () => {
  it('is a cancel that is not retried, naming the provider', () => {
    expect(abortedRequestError('Acme')).toMatchObject({
      code: 'ABORTED',
      retryable: false,
      message: 'The request to Acme was cancelled.',
    });
  });
});

describe('unfinishedStreamError', () => {
  it('is a broken stream worth a retry, saying what the stream lacked', () => {
    expect(unfinishedStreamError('Acme', 'the model finished (no finish_reason)')).toMatchObject({
      code: 'BACKEND_STREAM',
      retryable: true,
      message: 'The response stream from Acme ended before the model finished (no finish_reason).',
    });
  });
});
