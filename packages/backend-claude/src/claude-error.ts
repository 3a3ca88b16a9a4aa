import type { MassGenError } from '@massgen/core';
import {
  mapBackendError,
  providerText,
  type BackendErrorContext,
  type ErrorClassification,
  type ProviderFailure,
} from '@massgen/backend-utils';
import type { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import { claudeRetryAfter } from './claude-retry-after.js';

type Constructor<T> = abstract new (...args: never[]) => T;

/** The SDK's error classes, handed in because the SDK itself is loaded lazily. */
export interface ClaudeErrorClasses {
  APIError: Constructor<APIError>;
  APIUserAbortError: Constructor<APIUserAbortError>;
  APIConnectionError: Constructor<APIConnectionError>;
  APIConnectionTimeoutError: Constructor<APIConnectionTimeoutError>;
}

export interface ClaudeErrorContext extends BackendErrorContext {
  /** Absent when the failure came before the SDK was loaded. */
  errorClasses: ClaudeErrorClasses | undefined;
}

/** Error codes (`error.details.error_code`) Anthropic sends when money, not pace, is the limit. */
const quotaErrorCodes = new Set([
  'contract_spend_limit_reached',
  'enforced_spend_limit_reached',
  'linked_organization_spend_limit_reached',
  'linked_organization_billing_unavailable',
]);
const quotaPattern = /credit balance|spend(ing)?[ _-]?limit|usage limit|billing|quota/i;
const contextLengthPattern = /prompt is too long|context window|context[ _]length|too many (input )?tokens/i;

/** Anthropic's own words: `error.message` of the body, else the SDK's message without its status prefix. */
function providerMessage(error: APIError): string {
  return providerText(error.apiMessage ?? error.message.replace(/^\d{3}\s+/, ''));
}

function classify(error: APIError, name: string): ErrorClassification {
  const status = error.status;
  const type = error.type;
  const message = providerMessage(error);
  if (type === 'authentication_error' || status === 401)
    return { code: 'BACKEND_AUTH', retryable: false, summary: `${name} rejected the API key` };
  if (type === 'permission_error' || status === 403)
    return { code: 'BACKEND_AUTH', retryable: false, summary: `${name} refused access` };
  if (
    type === 'billing_error' ||
    status === 402 ||
    (error.errorCode !== null && quotaErrorCodes.has(error.errorCode)) ||
    quotaPattern.test(message)
  ) {
    return {
      code: 'BACKEND_QUOTA',
      retryable: false,
      summary: `${name} reports the account is out of credit or over its spend limit`,
    };
  }
  if (type === 'rate_limit_error' || status === 429)
    return { code: 'BACKEND_RATE_LIMIT', retryable: true, summary: `${name} rate limit reached` };
  if (type === 'overloaded_error' || status === 529 || status === 503)
    return { code: 'BACKEND_OVERLOADED', retryable: true, summary: `${name} is overloaded` };
  if (type === 'timeout_error' || status === 504 || status === 408)
    return { code: 'TIMEOUT', retryable: true, summary: `${name} timed out the request` };
  if (contextLengthPattern.test(message)) {
    return {
      code: 'BACKEND_CONTEXT_LENGTH',
      retryable: false,
      summary: `The conversation does not fit the model's context window on ${name}`,
    };
  }
  if (type === 'not_found_error' || status === 404)
    return {
      code: 'BACKEND_NOT_FOUND',
      retryable: false,
      summary: `${name} does not know the requested model or endpoint`,
    };
  if (type === 'api_error' || (status !== undefined && status >= 500))
    return { code: 'BACKEND_SERVER', retryable: true, summary: `${name} had a server error` };
  // An error event inside a stream that has already begun has no status of its own.
  if (status === undefined)
    return { code: 'BACKEND_STREAM', retryable: true, summary: `${name} reported an error mid-stream` };
  return { code: 'BACKEND_BAD_REQUEST', retryable: false, summary: `${name} rejected the request` };
}

/**
 * Turns whatever the SDK (or the network under it) threw into a classified MassGenError: the
 * runtime retries on `retryable` and waits `retryAfterMs`, and users read Anthropic's own words.
 */
export function mapClaudeError(error: unknown, context: ClaudeErrorContext): MassGenError {
  const classes = context.errorClasses;
  return mapBackendError(error, context, {
    isAbort: (thrown) => classes !== undefined && thrown instanceof classes.APIUserAbortError,
    isTimeout: (thrown) => classes !== undefined && thrown instanceof classes.APIConnectionTimeoutError,
    isConnectionFailure: (thrown) => classes !== undefined && thrown instanceof classes.APIConnectionError,
    classify: (thrown): ProviderFailure | undefined => {
      if (classes === undefined || !(thrown instanceof classes.APIError)) return undefined;
      const retryAfterMs = claudeRetryAfter(thrown.headers);
      return {
        ...classify(thrown, context.providerName),
        providerMessage: providerMessage(thrown),
        ...(thrown.status === undefined ? {} : { statusCode: thrown.status }),
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
        details: { type: thrown.type, errorCode: thrown.errorCode, requestId: thrown.requestID ?? null },
      };
    },
  });
}
