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

/**
 * A stream that ended before the provider's end marker, a broken stream worth a retry; `missing`
 * says what did not happen and which marker did not come, such as "the model finished (no finish_reason)".
 */
export function unfinishedStreamError(providerName: string, missing: string): MassGenError {
  return new MassGenError({
    code: 'BACKEND_STREAM',
    retryable: true,
    message: `The response stream from ${providerName} ended before ${missing}.`,
  });
}
