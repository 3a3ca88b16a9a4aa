import { describeCause, redact } from '@massgen/backend-utils';
import { MassGenError, type ErrorCode } from '@massgen/core';
import {
  errorReasons,
  parseGoogleRpcStatus,
  quotaViolations,
  retryDelayMs,
  type GoogleRpcStatus,
} from './google-rpc-status.js';

export interface GeminiErrorContext {
  /** The backend type, for `MassGenError.provider`. */
  provider: string;
  /** Name of the provider in messages. */
  providerName: string;
  agentId: string;
  /** Whether the response had started streaming: a failure after that is a broken stream. */
  phase: 'request' | 'stream';
  /** The caller cancelled: whatever the SDK threw, it is an abort. */
  aborted: boolean;
  /** The backend's own silence timer ended the request. */
  timedOut: boolean;
  timeoutMs: number;
  /** Values that must never reach a message, such as the API key. */
  secrets: readonly string[];
}

interface Classification {
  code: ErrorCode;
  retryable: boolean;
  summary: string;
}

/** The SDK's `ApiError`, recognised by shape because the SDK itself is loaded lazily. */
interface ApiErrorShape {
  name: 'ApiError';
  status: number;
  message: string;
}

const maximumProviderMessageLength = 500;
const contextLengthPattern =
  /input token count.*exceeds|exceeds the maximum number of tokens|context (window|length)|too many tokens/i;
const apiKeyPattern = /API key not valid|API key expired|API_KEY_INVALID/i;
/** Spend that no wait brings back: prepaid credit used up or a spending cap reached. */
const spendPattern = /prepayment credits|credits (are )?depleted|spend(ing)? cap/i;

function isApiError(error: unknown): error is ApiErrorShape {
  return (
    error instanceof Error && error.name === 'ApiError' && typeof (error as { status?: unknown }).status === 'number'
  );
}

function singleLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > maximumProviderMessageLength ? `${line.slice(0, maximumProviderMessageLength)}…` : line;
}

/**
 * Why a 429 will not pass with a short wait, if it will not: a daily quota is spent until
 * tomorrow, a quota of 0 means the plan does not include the model, and spent credit stays
 * spent. Google sends a `RetryInfo` with all of them, so the quota's name decides, not the delay.
 */
function lastingExhaustion(status: GoogleRpcStatus | undefined, name: string): string | undefined {
  if (status === undefined) return undefined;
  if (spendPattern.test(status.message)) return `${name} credit or spending cap is used up`;
  const violations = quotaViolations(status);
  if (violations.some((violation) => /per ?day/i.test(`${violation.quotaId ?? ''} ${violation.quotaMetric ?? ''}`)))
    return `${name} daily quota is used up`;
  if (violations.some((violation) => violation.quotaValue === '0'))
    return `${name} gives this plan no quota for the model`;
  return undefined;
}

function classify(httpStatus: number, status: GoogleRpcStatus | undefined, name: string): Classification {
  const message = status?.message ?? '';
  if (apiKeyPattern.test(message) || (status !== undefined && errorReasons(status).includes('API_KEY_INVALID'))) {
    return { code: 'BACKEND_AUTH', retryable: false, summary: `${name} rejected the API key` };
  }
  if (httpStatus === 401)
    return { code: 'BACKEND_AUTH', retryable: false, summary: `${name} could not authenticate the request` };
  if (httpStatus === 403) return { code: 'BACKEND_AUTH', retryable: false, summary: `${name} refused access` };
  const exhaustion = httpStatus === 429 ? lastingExhaustion(status, name) : undefined;
  if (exhaustion !== undefined) return { code: 'BACKEND_QUOTA', retryable: false, summary: exhaustion };
  if (httpStatus === 429) return { code: 'BACKEND_RATE_LIMIT', retryable: true, summary: `${name} rate limit reached` };
  if (httpStatus === 503) return { code: 'BACKEND_OVERLOADED', retryable: true, summary: `${name} is overloaded` };
  if (httpStatus === 504)
    return { code: 'TIMEOUT', retryable: true, summary: `${name} ran out of time for the request` };
  if ((httpStatus === 400 || httpStatus === 413) && contextLengthPattern.test(message)) {
    return {
      code: 'BACKEND_CONTEXT_LENGTH',
      retryable: false,
      summary: `The conversation does not fit the model's context window on ${name}`,
    };
  }
  if (httpStatus === 404)
    return {
      code: 'BACKEND_NOT_FOUND',
      retryable: false,
      summary: `${name} does not know the requested model or method`,
    };
  if (httpStatus >= 500) return { code: 'BACKEND_SERVER', retryable: true, summary: `${name} had a server error` };
  return { code: 'BACKEND_BAD_REQUEST', retryable: false, summary: `${name} rejected the request` };
}

function fromApiError(
  error: ApiErrorShape,
  context: GeminiErrorContext,
  base: { provider: string; agentId: string; cause: unknown },
): MassGenError {
  const status = parseGoogleRpcStatus(error.message);
  const classification = classify(error.status, status, context.providerName);
  const retryAfterMs = classification.retryable && status !== undefined ? retryDelayMs(status) : undefined;
  const statusName = status?.status === undefined || status.status === '' ? '' : ` ${status.status}`;
  const where = context.phase === 'stream' ? ', in the middle of the stream' : '';
  const words = singleLine(status?.message ?? error.message);
  const violations = status === undefined ? [] : quotaViolations(status);
  return new MassGenError({
    ...base,
    code: classification.code,
    retryable: classification.retryable,
    message: redact(`${classification.summary} (HTTP ${error.status}${statusName}${where}): ${words}`, context.secrets),
    statusCode: error.status,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    details: {
      ...(status?.status === undefined ? {} : { status: status.status }),
      ...(status === undefined || errorReasons(status).length === 0 ? {} : { reasons: errorReasons(status) }),
      ...(violations.length === 0
        ? {}
        : {
            quotaIds: violations.flatMap((violation) => (violation.quotaId === undefined ? [] : [violation.quotaId])),
          }),
    },
  });
}

/**
 * Turns whatever the SDK (or the network under it) threw into a classified MassGenError: the
 * runtime retries on `retryable` and waits `retryAfterMs`, and users read Google's own words.
 */
export function mapGeminiError(error: unknown, context: GeminiErrorContext): MassGenError {
  const base = { provider: context.provider, agentId: context.agentId, cause: error };
  const name = context.providerName;
  const text = (message: string): string => redact(message, context.secrets);

  // Once the caller has cancelled, whatever else went wrong no longer matters to it.
  if (context.aborted)
    return new MassGenError({
      ...base,
      code: 'ABORTED',
      retryable: false,
      message: `The request to ${name} was cancelled.`,
    });
  if (context.timedOut) {
    const seconds = context.timeoutMs / 1000;
    const message =
      context.phase === 'stream'
        ? `${name} went silent for ${seconds} s in the middle of its response (the request timeout).`
        : `${name} did not answer within ${seconds} s (the request timeout).`;
    return new MassGenError({ ...base, code: 'TIMEOUT', retryable: true, message });
  }
  if (MassGenError.isInstance(error)) {
    if (error.agentId !== undefined && error.provider !== undefined) return error;
    return new MassGenError({
      ...error.toOptions(),
      agentId: error.agentId ?? context.agentId,
      provider: error.provider ?? context.provider,
    });
  }
  if (isApiError(error)) return fromApiError(error, context, base);
  if (error instanceof Error && error.name === 'AbortError') {
    return new MassGenError({
      ...base,
      code: 'ABORTED',
      retryable: false,
      message: `The request to ${name} was cancelled.`,
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
  if (error instanceof TypeError && error.message === 'fetch failed') {
    return new MassGenError({
      ...base,
      code: 'BACKEND_NETWORK',
      retryable: true,
      message: text(`Could not reach ${name}: ${reason}.`),
    });
  }
  return new MassGenError({
    ...base,
    code: 'INTERNAL',
    retryable: false,
    message: text(`The request to ${name} failed unexpectedly: ${reason}.`),
  });
}
