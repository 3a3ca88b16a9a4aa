import { MassGenError, type ErrorCode } from '@massgen/core';
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

export interface ErrorContext {
  /** The backend type, for `MassGenError.provider`. */
  provider: string;
  /** Name of the provider in messages. */
  providerName: string;
  agentId: string;
  /** Absent when the failure came before the SDK was loaded. */
  errorClasses: OpenAIErrorClasses | undefined;
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

/** Replaces every secret (an API key) in a text, so that a provider echoing one cannot leak it. */
export function redact(text: string, secrets: readonly string[]): string {
  return secrets.reduce(
    (result, secret) => (secret.length >= 8 ? result.split(secret).join('[redacted]') : result),
    text,
  );
}

/** The provider's own words: the `error.message` of the body, else the SDK's message without its status prefix. */
function providerMessage(error: APIError): string {
  const body = error.error as { message?: unknown } | undefined;
  const text = typeof body?.message === 'string' ? body.message : error.message.replace(/^\d{3}\s+/, '');
  const singleLine = text.replace(/\s+/g, ' ').trim();
  return singleLine.length > maximumProviderMessageLength
    ? `${singleLine.slice(0, maximumProviderMessageLength)}…`
    : singleLine;
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

function classifyStatus(error: APIError, status: number, name: string): Classification {
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
function classifyStreamEvent(error: APIError, name: string): Classification {
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
    const seconds = context.timeoutMs / 1000;
    return new MassGenError({
      ...base,
      code: 'TIMEOUT',
      retryable: true,
      message: `${name} did not answer within ${seconds} s (the request timeout).`,
    });
  }
  if (classes !== undefined && error instanceof classes.APIConnectionError) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return new MassGenError({
      ...base,
      code: 'BACKEND_NETWORK',
      retryable: true,
      message: text(`Could not reach ${name}${cause}.`),
    });
  }
  if (classes !== undefined && error instanceof classes.APIError) {
    const status = error.status;
    const classification =
      status === undefined ? classifyStreamEvent(error, name) : classifyStatus(error, status, name);
    const retryAfterMs = classification.retryable ? parseRetryAfter(error.headers) : undefined;
    const where = status === undefined ? '' : ` (HTTP ${status})`;
    return new MassGenError({
      ...base,
      code: classification.code,
      retryable: classification.retryable,
      message: text(`${classification.summary}${where}: ${providerMessage(error)}`),
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      ...(status === undefined ? {} : { statusCode: status }),
      details: { type: error.type, code: error.code, requestId: error.requestID },
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

/**
 * A cut connection reads as `aborted` (code `ECONNRESET`) from `node:http`, as `terminated` with
 * the socket's reason as cause from Node's fetch.
 */
function describeCause(error: Error): string {
  if ((error as NodeJS.ErrnoException).code === 'ECONNRESET' && error.message === 'aborted')
    return 'the connection closed before the response ended';
  return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;
}
