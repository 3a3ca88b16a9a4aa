import { mapOpenAICompatibleError, type ErrorContext } from '@massgen/backend-openai-compatible';
import { MassGenError, redactText, type ErrorCode } from '@massgen/core';
import { OpenAIResponseFailure } from './openai-responses-failure.js';

interface FailureClass {
  code: ErrorCode;
  retryable: boolean;
}

/** OpenAI's codes for a response that failed after it started, by what a caller can do about them. */
const failureClasses: Readonly<Record<string, FailureClass>> = {
  rate_limit_exceeded: { code: 'BACKEND_RATE_LIMIT', retryable: true },
  insufficient_quota: { code: 'BACKEND_QUOTA', retryable: false },
  context_length_exceeded: { code: 'BACKEND_CONTEXT_LENGTH', retryable: false },
  server_error: { code: 'BACKEND_SERVER', retryable: true },
  server_is_overloaded: { code: 'BACKEND_OVERLOADED', retryable: true },
  slow_down: { code: 'BACKEND_OVERLOADED', retryable: true },
  vector_store_timeout: { code: 'TIMEOUT', retryable: true },
  invalid_prompt: { code: 'BACKEND_BAD_REQUEST', retryable: false },
  bio_policy: { code: 'BACKEND_BAD_REQUEST', retryable: false },
  data_residency_mismatch: { code: 'BACKEND_BAD_REQUEST', retryable: false },
};

/** A rate-limit message says how long to wait: "Please try again in 1.234s" (or "in 250ms"). */
function retryDelayFromMessage(message: string): number | undefined {
  const match = /try again in (\d+(?:\.\d+)?)\s*(ms|s)\b/i.exec(message);
  if (match?.[1] === undefined) return undefined;
  const amount = Number(match[1]);
  return Math.round(match[2]?.toLowerCase() === 'ms' ? amount : amount * 1000);
}

function classifyFailure(code: string | null): FailureClass {
  if (code !== null) {
    const known = failureClasses[code];
    if (known !== undefined) return known;
    // Image and file input problems all start so and are the request's fault.
    if (/^(invalid_|image_|empty_|failed_to_download|unsupported_)/.test(code))
      return { code: 'BACKEND_BAD_REQUEST', retryable: false };
  }
  return { code: 'BACKEND_STREAM', retryable: true };
}

/**
 * Classifies what the Responses API stream or the SDK under it threw. Failures reported inside
 * the stream carry OpenAI's error code and are classified by it; everything else (HTTP errors,
 * network, timeouts, cancellation) is classified as for Chat Completions.
 */
export function mapOpenAIResponsesError(error: unknown, context: ErrorContext): MassGenError {
  const classes = context.errorClasses;
  // An error event may also arrive as `{"error": {...}}`, which the SDK throws as an APIError
  // without a status; its connection and abort errors have no status either.
  const sdkInBand =
    classes !== undefined &&
    error instanceof classes.APIError &&
    error.status === undefined &&
    !(error instanceof classes.APIConnectionError) &&
    !(error instanceof classes.APIUserAbortError);
  const inBand =
    error instanceof OpenAIResponseFailure
      ? { code: error.code, message: error.message }
      : sdkInBand
        ? {
            code: typeof error.code === 'string' ? error.code : null,
            message: bodyMessage(error.error) ?? error.message,
          }
        : undefined;
  if (inBand === undefined || context.aborted) return mapOpenAICompatibleError(error, context);
  const failure = classifyFailure(inBand.code);
  const retryAfterMs = failure.code === 'BACKEND_RATE_LIMIT' ? retryDelayFromMessage(inBand.message) : undefined;
  return new MassGenError({
    code: failure.code,
    retryable: failure.retryable,
    message: redactText(
      `${context.providerName} reported a failed response${inBand.code === null ? '' : ` (${inBand.code})`}: ${inBand.message}`,
      context.secrets,
    ),
    provider: context.provider,
    agentId: context.agentId,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    ...(inBand.code === null ? {} : { details: { code: inBand.code } }),
    cause: error,
  });
}

/** The `message` of an error body, which the SDK types only as an object. */
function bodyMessage(body: unknown): string | undefined {
  return typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
    ? body.message
    : undefined;
}
