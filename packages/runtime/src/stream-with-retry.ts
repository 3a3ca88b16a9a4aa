import { toMassGenError } from '@massgen/core';
import type { AgentStreamPart, Backend, BackendRequest, SerializedError, StreamPart } from '@massgen/core';
import type { GatePass, RequestGate } from './request-gate.js';
import { retryDelay } from './retry-policy.js';
import type { RetryPolicy } from './retry-policy.js';

export interface StreamWithRetryOptions {
  agentId: string;
  policy: RetryPolicy;
  signal?: AbortSignal;
  /** Waits between attempts; injectable so tests need no real time. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  /** Holds each attempt to `max_concurrent_requests`; none means every attempt goes at once. */
  gate?: RequestGate;
}

const ungated: GatePass = { release: () => undefined, waited: false };

/** Parts after which a call has produced output that a retry would duplicate. */
function isOutput(part: StreamPart): boolean {
  return (
    part.type === 'text-delta' ||
    part.type === 'reasoning-delta' ||
    part.type === 'tool-call' ||
    part.type === 'provider-tool'
  );
}

/** What one model call yields: the backend's parts, and the runtime's retries and waits for a slot. */
export type CallPart = StreamPart | Extract<AgentStreamPart, { type: 'retry' | 'request-slot' }>;

/**
 * Streams one model call, repeating it on retryable failures with backoff, but never once any
 * output has streamed: the agent's audience has already seen it, and a replay would duplicate it.
 * Failures end the stream as an `error` part attributed to the agent; it never throws.
 */
export async function* streamWithRetry(
  backend: Backend,
  request: BackendRequest,
  options: StreamWithRetryOptions,
): AsyncGenerator<CallPart> {
  for (let retryIndex = 0; ; retryIndex += 1) {
    let pass = ungated;
    try {
      if (options.gate !== undefined) pass = yield* options.gate.enter(options.agentId, options.signal);
    } catch (error) {
      yield { type: 'error', error: { ...toMassGenError(error).toJSON(), agentId: options.agentId } };
      return;
    }
    let producedOutput = false;
    let failure: SerializedError | undefined;
    try {
      if (pass.waited) yield { type: 'request-slot', waiting: false };
      for await (const part of backend.stream(request, { signal: options.signal })) {
        if (part.type === 'error') {
          failure = part.error;
          break;
        }
        if (isOutput(part)) producedOutput = true;
        yield part;
      }
    } catch (error) {
      // A backend that throws instead of yielding an error part still must not take the team down.
      failure = toMassGenError(error).toJSON();
    } finally {
      // A provider's retry-after holds every agent on it; set before the slot frees, so none slips through.
      if (failure !== undefined) pauseFor(failure, options);
      // The slot is free while the request waits to be retried: other agents may use it meanwhile.
      pass.release();
    }
    if (failure === undefined) return;
    const attributed: SerializedError = { ...failure, agentId: failure.agentId ?? options.agentId };
    // Output already shown cannot be taken back, so such a failure is not retried here; the
    // strategy may repeat the whole turn. Any other failure is retried here and nowhere else.
    if (producedOutput || options.signal?.aborted === true) {
      yield { type: 'error', error: attributed };
      return;
    }
    const delay = retryDelay(options.policy, retryIndex, attributed, options.random);
    if (delay === undefined) {
      yield { type: 'error', error: attributed.retryable ? { ...attributed, attempts: retryIndex + 1 } : attributed };
      return;
    }
    yield {
      type: 'retry',
      attempt: retryIndex + 1,
      maxAttempts: options.policy.maxRetries + 1,
      delayMs: delay,
      error: attributed,
    };
    try {
      await options.sleep(delay, options.signal);
    } catch {
      yield {
        type: 'error',
        error: {
          code: 'ABORTED',
          message: 'The operation was cancelled.',
          retryable: false,
          agentId: options.agentId,
        },
      };
      return;
    }
  }
}

/** Holds the provider for the retry-after of a failure worth retrying, the wait the policy would take. */
function pauseFor(failure: SerializedError, options: StreamWithRetryOptions): void {
  const wait = failure.retryAfterMs;
  if (!failure.retryable || wait === undefined || wait < 0 || wait > options.policy.maxRetryAfterMs) return;
  options.gate?.pause(options.agentId, wait);
}
