/** The error body of Google APIs (`google.rpc.Status`), as far as MassGen reads it. */
export interface GoogleRpcStatus {
  code?: number;
  /** The canonical status name, such as `RESOURCE_EXHAUSTED`. */
  status?: string;
  message: string;
  details: Array<Record<string, unknown>>;
}

export interface QuotaViolation {
  quotaId?: string;
  quotaMetric?: string;
  quotaValue?: string;
}

const detailType = {
  retryInfo: 'type.googleapis.com/google.rpc.RetryInfo',
  quotaFailure: 'type.googleapis.com/google.rpc.QuotaFailure',
  errorInfo: 'type.googleapis.com/google.rpc.ErrorInfo',
} as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads the status out of the text the SDK puts in its errors: the response body as JSON, or
 * `got status: X. {...}` for an error object inside a stream. Anything else is not a status.
 */
export function parseGoogleRpcStatus(text: string): GoogleRpcStatus | undefined {
  const start = text.indexOf('{');
  if (start === -1) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.slice(start));
  } catch {
    return undefined;
  }
  const error = isRecord(parsed) ? parsed['error'] : undefined;
  if (!isRecord(error)) return undefined;
  return {
    ...(typeof error['code'] === 'number' ? { code: error['code'] } : {}),
    ...(typeof error['status'] === 'string' ? { status: error['status'] } : {}),
    message: typeof error['message'] === 'string' ? error['message'] : '',
    details: Array.isArray(error['details']) ? error['details'].filter(isRecord) : [],
  };
}

function detailsOf(status: GoogleRpcStatus, type: string): Array<Record<string, unknown>> {
  return status.details.filter((detail) => detail['@type'] === type);
}

/** The delay a `RetryInfo` asks for (a protobuf duration such as `7s` or `0.5s`), in milliseconds. */
export function retryDelayMs(status: GoogleRpcStatus): number | undefined {
  for (const detail of detailsOf(status, detailType.retryInfo)) {
    const delay = detail['retryDelay'];
    const match = typeof delay === 'string' ? /^(\d+(?:\.\d+)?)s$/.exec(delay.trim()) : null;
    if (match?.[1] !== undefined) return Math.round(Number(match[1]) * 1000);
  }
  return undefined;
}

/** The quotas a `QuotaFailure` says were exceeded. */
export function quotaViolations(status: GoogleRpcStatus): QuotaViolation[] {
  return detailsOf(status, detailType.quotaFailure).flatMap((detail) => {
    const violations = detail['violations'];
    if (!Array.isArray(violations)) return [];
    return violations.filter(isRecord).map((violation) => {
      const field = (name: string): Record<string, string> =>
        typeof violation[name] === 'string' ? { [name]: violation[name] } : {};
      return { ...field('quotaId'), ...field('quotaMetric'), ...field('quotaValue') };
    });
  });
}

/** The machine-readable reasons of `ErrorInfo` details, such as `API_KEY_INVALID`. */
export function errorReasons(status: GoogleRpcStatus): string[] {
  return detailsOf(status, detailType.errorInfo).flatMap((detail) =>
    typeof detail['reason'] === 'string' ? [detail['reason']] : [],
  );
}
