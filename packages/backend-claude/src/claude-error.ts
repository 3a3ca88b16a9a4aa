import type { MassGenError } from '@massgen/core';
import { classifyHttpFailure, mapBackendError, providerText, sdkErrorClassifier } from '@massgen/backend-utils';
import type {
  BackendErrorContext,
  ErrorClassification,
  ProviderFailure,
  SdkErrorClasses,
} from '@massgen/backend-utils';
import type { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import { claudeRetryAfter } from './claude-retry-after.js';

/** The SDK's error classes, handed in because the SDK itself is loaded lazily. */
export type ClaudeErrorClasses = SdkErrorClasses<
  APIError,
  APIUserAbortError,
  APIConnectionError,
  APIConnectionTimeoutError
>;

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

/**
 * The status each of Anthropic's error types stands for. The type decides when there is one: an
 * error event in a stream has no status, and the type is the more precise of the two.
 */
const statusOfType: Readonly<Record<string, number>> = {
  invalid_request_error: 400,
  authentication_error: 401,
  billing_error: 402,
  permission_error: 403,
  not_found_error: 404,
  rate_limit_error: 429,
  api_error: 500,
  timeout_error: 504,
  overloaded_error: 529,
};

function classify(error: APIError, name: string): ErrorClassification {
  const message = providerMessage(error);
  return classifyHttpFailure((error.type === null ? undefined : statusOfType[error.type]) ?? error.status, name, {
    quota: (error.errorCode !== null && quotaErrorCodes.has(error.errorCode)) || quotaPattern.test(message),
    contextLength: contextLengthPattern.test(message),
  });
}

/**
 * Turns whatever the SDK (or the network under it) threw into a classified MassGenError: the
 * runtime retries on `retryable` and waits `retryAfterMs`, and users read Anthropic's own words.
 */
export function mapClaudeError(error: unknown, context: ClaudeErrorContext): MassGenError {
  return mapBackendError(
    error,
    context,
    sdkErrorClassifier(context.errorClasses, (thrown): ProviderFailure => {
      const retryAfterMs = claudeRetryAfter(thrown.headers);
      return {
        ...classify(thrown, context.providerName),
        providerMessage: providerMessage(thrown),
        ...(thrown.status === undefined ? {} : { statusCode: thrown.status }),
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
        details: { type: thrown.type, errorCode: thrown.errorCode, requestId: thrown.requestID ?? null },
      };
    }),
  );
}
