import { classifyHttpFailure, mapBackendError, providerText } from '@massgen/backend-utils';
import type { BackendErrorContext, ErrorClassification, ProviderFailure } from '@massgen/backend-utils';
import type { MassGenError } from '@massgen/core';
import { errorReasons, parseGoogleRpcStatus, quotaViolations, retryDelayMs } from './google-rpc-status.js';
import type { GoogleRpcStatus } from './google-rpc-status.js';

export interface GeminiErrorContext extends BackendErrorContext {
  /** The backend's own timer ended the request before the response began. */
  timedOut: boolean;
}

/** The SDK's `ApiError`, recognised by shape because the SDK itself is loaded lazily. */
interface ApiErrorShape {
  name: 'ApiError';
  status: number;
  message: string;
}

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

function classify(httpStatus: number, status: GoogleRpcStatus | undefined, name: string): ErrorClassification {
  const message = status?.message ?? '';
  const exhaustion = httpStatus === 429 ? lastingExhaustion(status, name) : undefined;
  if (exhaustion !== undefined) return { code: 'BACKEND_QUOTA', retryable: false, summary: exhaustion };
  return classifyHttpFailure(httpStatus, name, {
    badKey: apiKeyPattern.test(message) || (status !== undefined && errorReasons(status).includes('API_KEY_INVALID')),
    contextLength: (httpStatus === 400 || httpStatus === 413) && contextLengthPattern.test(message),
  });
}

function providerFailure(error: ApiErrorShape, name: string): ProviderFailure {
  const status = parseGoogleRpcStatus(error.message);
  const classification = classify(error.status, status, name);
  const retryAfterMs = classification.retryable && status !== undefined ? retryDelayMs(status) : undefined;
  const violations = status === undefined ? [] : quotaViolations(status);
  return {
    ...classification,
    providerMessage: providerText(status?.message ?? error.message),
    statusCode: error.status,
    ...(status?.status === undefined || status.status === '' ? {} : { statusName: status.status }),
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
  };
}

/**
 * Turns whatever the SDK (or the network under it) threw into a classified MassGenError: the
 * runtime retries on `retryable` and waits `retryAfterMs`, and users read Google's own words.
 */
export function mapGeminiError(error: unknown, context: GeminiErrorContext): MassGenError {
  return mapBackendError(error, context, {
    isTimeout: () => context.timedOut,
    // Once the response has begun, a network failure is a broken stream.
    isConnectionFailure: (thrown) =>
      context.phase === 'request' && thrown instanceof TypeError && thrown.message === 'fetch failed',
    classify: (thrown) => (isApiError(thrown) ? providerFailure(thrown, context.providerName) : undefined),
  });
}
