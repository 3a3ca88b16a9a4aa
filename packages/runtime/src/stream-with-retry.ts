import { toMassGenError } from '@massgen/core';
import type { AgentStreamPart, Backend, BackendRequest, SerializedError, StreamPart } from '@massgen/core';
import { retryDelay } from './retry-policy.js';
import type { RetryPolicy } from './retry-policy.js';

export interface StreamWithRetryOptions {
  agentId: string;
  policy: RetryPolicy;
  signal?: AbortSignal;
  /** Waits between attempts; injectable so tests need no real time. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

/** Parts after which a call has produced output that a retry would duplicate. */
function isOutput(part: StreamPart): boolean {
  return (
    part.type === 'text-delta' ||
    part.type === 'reasoning-delta' ||
    part.type === 'tool-call' ||
    part.type === 'provider-tool'
  );
}

/** A backend's part, or a retry the runtime made: what one model call yields to the agent's turn. */
export type CallPart = StreamPart | Extract<AgentStreamPart, { type: 'retry' }>;

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
    let producedOutput = false;
    let failure: SerializedError | undefined;
    try {
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
