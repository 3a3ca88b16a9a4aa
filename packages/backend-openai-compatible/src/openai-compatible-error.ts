import type { MassGenError } from '@massgen/core';
import {
  mapBackendError,
  providerText,
  type BackendErrorContext,
  type ErrorClassification,
  type ProviderFailure,
} from '@massgen/backend-utils';
import type { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { parseRetryAfter } from './parse-retry-after.js';

type Constructor<T> = abstract new (...args: never[]) => T;

/** The SDK's error classes, handed in because the SDK itself is loaded lazily. */
export interface OpenAIErrorClasses {
  APIError: Constructor<APIError>;
  APIUserAbortError: Constructor<APIUserAbortError>;
  APIConnectionError: Constructor<APIConnectionError>;
  APIConnectionTimeoutError: Constructor<APIConnectionTimeoutError>;
}

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

function classifyStatus(error: APIError, status: number, name: string): ErrorClassification {
  if (status === 401) return { code: 'BACKEND_AUTH', retryable: false, summary: `${name} rejected the API key` };
  if (status === 403) return { code: 'BACKEND_AUTH', retryable: false, summary: `${name} refused access` };
  if (status === 429 && matches(error, quotaPattern)) {
    return {
      code: 'BACKEND_QUOTA',
      retryable: false,
      summary: `${name} reports the account is out of quota or over its spending limit`,
    };
  }
  if (status === 429) return { code: 'BACKEND_RATE_LIMIT', retryable: true, summary: `${name} rate limit reached` };
  if (status === 503 || status === 529 || matches(error, overloadedPattern)) {
    return { code: 'BACKEND_OVERLOADED', retryable: true, summary: `${name} is overloaded` };
  }
  if (status === 408) return { code: 'TIMEOUT', retryable: true, summary: `${name} timed out the request` };
  if ((status === 400 || status === 413 || status === 422) && matches(error, contextLengthPattern)) {
    return {
      code: 'BACKEND_CONTEXT_LENGTH',
      retryable: false,
      summary: `The conversation does not fit the model's context window on ${name}`,
    };
  }
  if (status === 404)
    return {
      code: 'BACKEND_NOT_FOUND',
      retryable: false,
      summary: `${name} does not know the requested model or endpoint`,
    };
  if (status >= 500) return { code: 'BACKEND_SERVER', retryable: true, summary: `${name} had a server error` };
  return { code: 'BACKEND_BAD_REQUEST', retryable: false, summary: `${name} rejected the request` };
}

/** An error event inside an already started stream has no status; its body tells what it was. */
function classifyStreamEvent(error: APIError, name: string): ErrorClassification {
  if (matches(error, quotaPattern))
    return { code: 'BACKEND_QUOTA', retryable: false, summary: `${name} reports the account is out of quota` };
  if (matches(error, overloadedPattern))
    return { code: 'BACKEND_OVERLOADED', retryable: true, summary: `${name} became overloaded mid-stream` };
  if (matches(error, /rate[ _]limit/i))
    return { code: 'BACKEND_RATE_LIMIT', retryable: true, summary: `${name} hit a rate limit mid-stream` };
  if (matches(error, contextLengthPattern)) {
    return {
      code: 'BACKEND_CONTEXT_LENGTH',
      retryable: false,
      summary: `The conversation does not fit the model's context window on ${name}`,
    };
  }
  return { code: 'BACKEND_STREAM', retryable: true, summary: `${name} reported an error mid-stream` };
}

/**
 * Turns whatever the SDK (or the network under it) threw into a classified MassGenError: the
 * runtime retries on `retryable` and waits `retryAfterMs`, and users read the provider's own words.
 */
export function mapOpenAICompatibleError(error: unknown, context: ErrorContext): MassGenError {
  const classes = context.errorClasses;
  const name = context.providerName;
  return mapBackendError(error, context, {
    isAbort: (thrown) => classes !== undefined && thrown instanceof classes.APIUserAbortError,
    isTimeout: (thrown) => classes !== undefined && thrown instanceof classes.APIConnectionTimeoutError,
    isConnectionFailure: (thrown) => classes !== undefined && thrown instanceof classes.APIConnectionError,
    classify: (thrown): ProviderFailure | undefined => {
      if (classes === undefined || !(thrown instanceof classes.APIError)) return undefined;
      const status = thrown.status;
      const classification =
        status === undefined ? classifyStreamEvent(thrown, name) : classifyStatus(thrown, status, name);
      const retryAfterMs = parseRetryAfter(thrown.headers);
      return {
        ...classification,
        providerMessage: providerMessage(thrown),
        ...(status === undefined ? {} : { statusCode: status }),
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
        details: { type: thrown.type, code: thrown.code, requestId: thrown.requestID },
      };
    },
  });
}
