import { MassGenError, redactText, type BackendSettings, type ErrorCode } from '@massgen/core';

/** What a vendor's error means: its code, whether a retry may help, and a sentence naming the provider. */
export interface ErrorClassification {
  code: ErrorCode;
  retryable: boolean;
  summary: string;
}

/** A failure the provider reported (an HTTP error, an error event in the stream), as a vendor classifies it. */
export interface ProviderFailure extends ErrorClassification {
  /** The provider's own words, one line (see `providerText`). */
  providerMessage: string;
  statusCode?: number;
  /** The provider's own name for the status (Google's `RESOURCE_EXHAUSTED`), shown beside the code. */
  statusName?: string;
  retryAfterMs?: number;
  details?: Record<string, unknown>;
}

/** The parts of error mapping that depend on the vendor's SDK; everything else is `mapBackendError`'s. */
export interface VendorErrorClassifier {
  /** The SDK's way of reporting the caller's cancel (an `AbortError` is recognised without it). */
  isAbort?: (error: unknown) => boolean;
  /** The SDK's own timeout (or the backend's), before the response began; whatever it made the SDK throw. */
  isTimeout?: (error: unknown) => boolean;
  /** The provider could not be reached; the cause is in `error.cause`. */
  isConnectionFailure?: (error: unknown) => boolean;
  /** A failure the provider reported, classified; undefined for anything else. */
  classify?: (error: unknown) => ProviderFailure | undefined;
}

export interface BackendErrorContext {
  /** The backend type, for `MassGenError.provider`. */
  provider: string;
  /** Name of the provider in messages. */
  providerName: string;
  agentId: string;
  /** Whether the response had started streaming: a failure after that is a broken stream. */
  phase: 'request' | 'stream';
  /** The caller cancelled: whatever the SDK threw, it is an abort. */
  aborted: boolean;
  timeoutMs: number;
  /** Values that must never reach a message, such as the API key. */
  secrets: readonly string[];
}

/** What a backend knows about one of its calls when it fails. */
export interface FailedCall {
  providerName: string;
  phase: 'request' | 'stream';
  signal: AbortSignal | undefined;
  timeoutMs: number;
  /** The key the call used, once it had one: no message may show it. */
  apiKey: string | undefined;
}

/** The error context of a failed call of the backend made with `settings`. */
export function failedCallContext(
  settings: Pick<BackendSettings, 'type' | 'agentId'>,
  call: FailedCall,
): BackendErrorContext {
  return {
    provider: settings.type,
    providerName: call.providerName,
    agentId: settings.agentId,
    phase: call.phase,
    aborted: call.signal?.aborted === true,
    timeoutMs: call.timeoutMs,
    secrets: call.apiKey === undefined ? [] : [call.apiKey],
  };
}

const maximumProviderMessageLength = 500;

/** A provider's message on one line, cut at 500 characters. */
export function providerText(text: string): string {
  const singleLine = text.replace(/\s+/g, ' ').trim();
  return singleLine.length > maximumProviderMessageLength
    ? `${singleLine.slice(0, maximumProviderMessageLength)}…`
    : singleLine;
}

/**
 * Node's fetch reports a cut connection as `terminated`, with the socket's reason as cause;
 * node:http as `aborted` with `ECONNRESET`.
 */
export function describeCause(error: Error): string {
  if ((error as NodeJS.ErrnoException).code === 'ECONNRESET' && error.message === 'aborted')
    return 'the connection closed before the response ended';
  return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;
}

/**
 * Turns whatever a backend's SDK (or the network under it) threw into a classified MassGenError:
 * the runtime retries on `retryable` and waits `retryAfterMs`, and users read the provider's own
 * words, with secrets redacted. A vendor supplies only how to recognise and classify its errors.
 */
export function mapBackendError(
  error: unknown,
  context: BackendErrorContext,
  vendor: VendorErrorClassifier = {},
): MassGenError {
  const base = { provider: context.provider, agentId: context.agentId, cause: error };
  const name = context.providerName;
  const text = (message: string): string => redactText(message, context.secrets);

  const cancelled = (): MassGenError =>
    new MassGenError({ ...base, code: 'ABORTED', retryable: false, message: `The request to ${name} was cancelled.` });
  // Once the caller has cancelled, whatever else went wrong no longer matters to it.
  if (context.aborted) return cancelled();
  // Before the abort check: a timeout may end the request by aborting it.
  if (vendor.isTimeout?.(error) === true) {
    return new MassGenError({
      ...base,
      code: 'TIMEOUT',
      retryable: true,
      message: `${name} did not answer within ${context.timeoutMs / 1000} s (the request timeout).`,
    });
  }
  if (vendor.isAbort?.(error) === true || (error instanceof Error && error.name === 'AbortError')) return cancelled();
  if (MassGenError.isInstance(error)) {
    if (error.agentId !== undefined && error.provider !== undefined) return error;
    return new MassGenError({
      ...error.toOptions(),
      agentId: error.agentId ?? context.agentId,
      provider: error.provider ?? context.provider,
    });
  }
  if (vendor.isConnectionFailure?.(error) === true) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${describeCause(error.cause)}` : '';
    return new MassGenError({
      ...base,
      code: 'BACKEND_NETWORK',
      retryable: true,
      message: text(`Could not reach ${name}${cause}.`),
    });
  }
  const failure = vendor.classify?.(error);
  if (failure !== undefined) {
    const status = [failure.statusCode, failure.statusName].filter((part) => part !== undefined).join(' ');
    const midStream = context.phase === 'stream' ? ', in the middle of the stream' : '';
    const where = failure.statusCode === undefined ? '' : ` (HTTP ${status}${midStream})`;
    return new MassGenError({
      ...base,
      code: failure.code,
      retryable: failure.retryable,
      message: text(`${failure.summary}${where}: ${failure.providerMessage}`),
      ...(failure.retryable && failure.retryAfterMs !== undefined ? { retryAfterMs: failure.retryAfterMs } : {}),
      ...(failure.statusCode === undefined ? {} : { statusCode: failure.statusCode }),
      ...(failure.details === undefined ? {} : { details: failure.details }),
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
