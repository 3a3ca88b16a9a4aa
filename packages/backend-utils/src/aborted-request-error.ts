import { MassGenError } from '@massgen/core';

/**
 * The caller's cancel, for a stream the SDK ended quietly: an SDK ends its iteration without an
 * error when its request is aborted, so the stream readers report the cancel themselves.
 */
export function abortedRequestError(providerName: string): MassGenError {
  return new MassGenError({
    code: 'ABORTED',
    retryable: false,
    message: `The request to ${providerName} was cancelled.`,
  });
}
