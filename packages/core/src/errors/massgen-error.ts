import type { ErrorCode } from './error-code.js';

const marker = Symbol.for('massgen.error');

export interface MassGenErrorOptions {
  code: ErrorCode;
  message: string;
  /** Whether repeating the same request may succeed. Decided where the error is classified. */
  retryable?: boolean;
  /** Delay the provider asked for before a retry (from `retry-after` / `retry-after-ms`). */
  retryAfterMs?: number;
  /** The agent the error belongs to, when there is one. */
  agentId?: string;
  /** The provider that produced the error (`openai`, `chatcompletion`, ...). */
  provider?: string;
  /** HTTP status of the failed provider call, when there was one. */
  statusCode?: number;
  /** Structured context for the error, safe to log (never secrets). */
  details?: Record<string, unknown>;
  cause?: unknown;
}

/**
 * The root of every error MassGen raises. It is recognised across duplicate copies of this
 * package (two versions installed side by side) through a global symbol, so use
 * `MassGenError.isInstance(value)` rather than `instanceof`.
 */
export class MassGenError extends Error {
  readonly [marker] = true;
  readonly code: ErrorCode;
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;
  readonly agentId: string | undefined;
  readonly provider: string | undefined;
  readonly statusCode: number | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(options: MassGenErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = options.code;
    this.retryable = options.retryable ?? false;
    this.retryAfterMs = options.retryAfterMs;
    this.agentId = options.agentId;
    this.provider = options.provider;
    this.statusCode = options.statusCode;
    this.details = options.details;
  }

  static isInstance(value: unknown): value is MassGenError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[marker] === true;
  }

  /** A copy of this error attributed to an agent, keeping everything else. */
  withAgent(agentId: string): MassGenError {
    if (this.agentId === agentId) return this;
    return new MassGenError({ ...this.toOptions(), agentId });
  }

  toOptions(): MassGenErrorOptions {
    return {
      code: this.code,
      message: this.message,
      retryable: this.retryable,
      retryAfterMs: this.retryAfterMs,
      agentId: this.agentId,
      provider: this.provider,
      statusCode: this.statusCode,
      details: this.details,
      cause: this.cause,
    };
  }

  /** A plain, serialisable description for events and run records. */
  toJSON(): SerializedError {
    return {
      code: this.code,
      message: this.message,
      retryable: this.retryable,
      ...(this.retryAfterMs === undefined ? {} : { retryAfterMs: this.retryAfterMs }),
      ...(this.agentId === undefined ? {} : { agentId: this.agentId }),
      ...(this.provider === undefined ? {} : { provider: this.provider }),
      ...(this.statusCode === undefined ? {} : { statusCode: this.statusCode }),
    };
  }
}

/**
 * The serialisable form of an error, as it appears in coordination events and run records. It is
 * named by its `code`: a class name says nothing to a reader (and a bundler renames classes).
 */
export interface SerializedError {
  code: ErrorCode;
  message: string;
  retryable: boolean;
  retryAfterMs?: number;
  /**
   * Set by the runtime on a failure it stopped retrying: how many times the request was made in
   * all. Nothing retries such a failure again, so a dead endpoint is asked a bounded number of times.
   */
  attempts?: number;
  agentId?: string;
  provider?: string;
  statusCode?: number;
}

/**
 * Wraps anything thrown into a MassGenError. Aborts become `ABORTED`; anything unrecognised is
 * `INTERNAL` and not retryable, so that unknown failures are never repeated blindly.
 */
export function toMassGenError(error: unknown): MassGenError {
  if (MassGenError.isInstance(error)) return error;
  if (error instanceof Error && (error.name === 'AbortError' || error.name === 'APIUserAbortError')) {
    return new MassGenError({ code: 'ABORTED', message: 'The operation was cancelled.', cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new MassGenError({ code: 'INTERNAL', message, cause: error });
}
