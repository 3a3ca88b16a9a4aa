import { MassGenError, type ErrorCode } from '@massgen/core';
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

export interface ClaudeErrorContext {
  /** The backend type, for `MassGenError.provider`. */
  provider: string;
  /** Name of the provider in messages. */
  providerName: string;
  agentId: string;
  /** Absent when the failure came before the SDK was loaded. */
  errorClasses: ClaudeErrorClasses | undefined;
  /** Whether the response had started streaming: a failure after that is a broken stream. */
  phase: 'request' | 'stream';
  /** The caller cancelled: whatever the SDK threw, it is an abort. */
  aborted: boolean;
  timeoutMs: number;
  /** Values that must never reach a message, such as the API key. */
  secrets: readonly string[];
}

interface Classification {
  code: ErrorCode;
  retryable: boolean;
  summary: string;
}

const maximumProviderMessageLength = 500;

/** Error codes (`error.details.error_code`) Anthropic sends when money, not pace, is the limit. */
const quotaErrorCodes = new Set([
  'contract_spend_limit_reached',
  'enforced_spend_limit_reached',
  'linked_organization_spend_limit_reached',
  'linked_organization_billing_unavailable',
]);
const quotaPattern = /credit balance|spend(ing)?[ _-]?limit|usage limit|billing|quota/i;
const contextLengthPattern = /prompt is too long|context window|context[ _]length|too many (input )?tokens/i;

function redact(text: string, secrets: readonly string[]): string {
  return secrets.reduce(
    (result, secret) => (secret.length >= 8 ? result.split(secret).join('[redacted]') : result),
    text,
  );
}

/** Anthropic's own words: `error.message` of the body, else the SDK's message without its status prefix. */
function providerMessage(error: APIError): string {
  const text = error.apiMessage ?? error.message.replace(/^\d{3}\s+/, '');
  const singleLine = text.replace(/\s+/g, ' ').trim();
  return singleLine.length > maximumProviderMessageLength
    ? `${singleLine.slice(0, maximumProviderMessageLength)}…`
    : singleLine;
}

function classify(error: APIError, name: string): Classification {
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

/** Node's fetch reports a cut connection as `terminated`, with the socket's reason as cause. */
function describeCause(error: Error): string {
  return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;
}

/**
 * Turns whatever the SDK (or the network under it) threw into a classified MassGenError: the
 * runtime retries on `retryable` and waits `retryAfterMs`, and users read Anthropic's own words.
 */
export function mapClaudeError(error: unknown, context: ClaudeErrorContext): MassGenError {
  const base = { provider: context.provider, agentId: context.agentId, cause: error };
  const name = context.providerName;
  const classes = context.errorClasses;
  const text = (message: string): string => redact(message, context.secrets);

  // Once the caller has cancelled, whatever else went wrong no longer matters to it.
  if (
    context.aborted ||
    (classes !== undefined && error instanceof classes.APIUserAbortError) ||
    (error instanceof Error && error.name === 'AbortError')
  ) {
    return new MassGenError({
      ...base,
      code: 'ABORTED',
      retryable: false,
      message: `The request to ${name} was cancelled.`,
    });
  }
  if (MassGenError.isInstance(error)) {
    if (error.agentId !== undefined && error.provider !== undefined) return error;
    return new MassGenError({
      ...error.toOptions(),
      agentId: error.agentId ?? context.agentId,
      provider: error.provider ?? context.provider,
    });
  }
  if (classes !== undefined && error instanceof classes.APIConnectionTimeoutError) {
    return new MassGenError({
      ...base,
      code: 'TIMEOUT',
      retryable: true,
      message: `${name} did not answer within ${context.timeoutMs / 1000} s (the request timeout).`,
    });
  }
  if (classes !== undefined && error instanceof classes.APIConnectionError) {
    const cause = error.cause instanceof Error ? `: ${describeCause(error.cause)}` : '';
    return new MassGenError({
      ...base,
      code: 'BACKEND_NETWORK',
      retryable: true,
      message: text(`Could not reach ${name}${cause}.`),
    });
  }
  if (classes !== undefined && error instanceof classes.APIError) {
    const classification = classify(error, name);
    const retryAfterMs = classification.retryable ? claudeRetryAfter(error.headers) : undefined;
    const where = error.status === undefined ? '' : ` (HTTP ${error.status})`;
    return new MassGenError({
      ...base,
      code: classification.code,
      retryable: classification.retryable,
      message: text(`${classification.summary}${where}: ${providerMessage(error)}`),
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      ...(error.status === undefined ? {} : { statusCode: error.status }),
      details: { type: error.type, errorCode: error.errorCode, requestId: error.requestID ?? null },
    });
  }
  const reason = error instanceof Error ? describeCause(error) : String(error);
  if (context.phase === 'stream') {
    return new MassGenError({
      ...base,
      code: 'BACKEND_STREAM',
      retryable: true,
      message: text(`The response stream from ${name} broke off: ${reason}.`),
    });
  }
  return new MassGenError({
    ...base,
    code: 'INTERNAL',
    retryable: false,
    message: text(`The request to ${name} failed unexpectedly: ${reason}.`),
  });
}
