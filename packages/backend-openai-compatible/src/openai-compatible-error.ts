import type { MassGenError } from '@massgen/core';
import { classifyHttpFailure, mapBackendError, providerText, sdkErrorClassifier } from '@massgen/backend-utils';
import type {
  BackendErrorContext,
  ErrorClassification,
  ProviderFailure,
  SdkErrorClasses,
} from '@massgen/backend-utils';
import type { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { parseRetryAfter } from './parse-retry-after.js';

/** The SDK's error classes, handed in because the SDK itself is loaded lazily. */
export type OpenAIErrorClasses = SdkErrorClasses<
  APIError,
  APIUserAbortError,
  APIConnectionError,
  APIConnectionTimeoutError
>;

export interface ErrorContext extends BackendErrorContext {
  /** Absent when the failure came before the SDK was loaded. */
  errorClasses: OpenAIErrorClasses | undefined;
}

/** The provider's own words: the `error.message` of the body, else the SDK's message without its status prefix. */
function providerMessage(error: APIError): string {
  const body: unknown = error.error;
  const message = typeof body === 'object' && body !== null && 'message' in body ? body.message : undefined;
  return providerText(typeof message === 'string' ? message : error.message.replace(/^\d{3}\s+/, ''));
}

function matches(error: APIError, pattern: RegExp): boolean {
  return [error.code, error.type, providerMessage(error)].some(
    (value) => typeof value === 'string' && pattern.test(value),
  );
}

const quotaPattern = /insufficient_quota|quota|billing|spend(ing)?[ _-]?(limit|cap)|credit/i;
const overloadedPattern = /overloaded/i;
const contextLengthPattern =
  /context_length_exceeded|context[ _]length|context window|maximum context|too many tokens|prompt is too long/i;

/** What the body says beyond the status; a stream's error event (no status) is read by its words alone. */
function classify(error: APIError, status: number | undefined, name: string): ErrorClassification {
  const inStream = status === undefined;
  return classifyHttpFailure(status, name, {
    quota: (inStream || status === 429) && matches(error, quotaPattern),
    rateLimited: inStream && matches(error, /rate[ _]limit/i),
    overloaded: matches(error, overloadedPattern),
    contextLength:
      (inStream || status === 400 || status === 413 || status === 422) && matches(error, contextLengthPattern),
  });
}

/**
 * Turns whatever the SDK (or the network under it) threw into a classified MassGenError: the
 * runtime retries on `retryable` and waits `retryAfterMs`, and users read the provider's own words.
 */
export function mapOpenAICompatibleError(error: unknown, context: ErrorContext): MassGenError {
  const name = context.providerName;
  return mapBackendError(
    error,
    context,
    sdkErrorClassifier(context.errorClasses, (thrown): ProviderFailure => {
      const status = thrown.status;
      const classification = classify(thrown, status, name);
      const retryAfterMs = parseRetryAfter(thrown.headers);
      return {
        ...classification,
        providerMessage: providerMessage(thrown),
        ...(status === undefined ? {} : { statusCode: status }),
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
        details: { type: thrown.type, code: thrown.code, requestId: thrown.requestID },
      };
    }),
  );
}
