import type { AgentStreamPart } from './agent.js';
import type { CoordinationEvent } from './coordination-event.js';

/**
 * The event a strategy emits for a turn's `retry` part: request `attempt` of `maxAttempts` failed
 * and the runtime asks again. Every strategy reports a retry the same way, so it is built here once.
 */
export function requestRetryEvent(
  agentId: string,
  part: Extract<AgentStreamPart, { type: 'retry' }>,
): Extract<CoordinationEvent, { type: 'agent-error' }> {
  return {
    type: 'agent-error',
    agentId,
    error: { ...part.error, agentId },
    attempt: part.attempt,
    willRetry: true,
    retry: { scope: 'request', maxAttempts: part.maxAttempts, delayMs: part.delayMs },
  };
}
