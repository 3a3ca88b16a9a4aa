import { MassGenError } from '@massgen/core';
import type { CoordinationEvent, SerializedError } from '@massgen/core';
import type { AgentTurn } from './agent-turn.js';
import type { AttemptFeedback } from './coordination-prompt.js';
import type { AgentRecord } from './coordination-state.js';
import type { VoteSettings } from './vote-settings.js';

export interface FailedAttempt {
  agent: AgentRecord;
  turn: AgentTurn;
  error: SerializedError;
  /** What the agent is told on its next attempt; absent for failures that were not its doing. */
  feedback: AttemptFeedback | undefined;
  maxTurnAttempts: number;
  /** The next attempt is the short wrap-up after a round timeout. */
  wrapUp?: boolean;
}

/**
 * Spends one attempt of a turn: the agent tries again while attempts remain and the failure is
 * retryable, and is dropped from the coordination otherwise.
 */
export function* failAttempt(failed: FailedAttempt): Generator<CoordinationEvent> {
  const { agent, turn, error, feedback } = failed;
  const willRetry = error.retryable && turn.attempt < failed.maxTurnAttempts;
  yield { type: 'agent-error', agentId: agent.id, error, attempt: turn.attempt, willRetry };
  if (willRetry) {
    agent.pending = {
      reason: 'retry',
      attempt: turn.attempt + 1,
      ...(feedback === undefined ? {} : { feedback }),
      ...(failed.wrapUp === true ? { wrapUp: true } : {}),
    };
    return;
  }
  const source = `${agent.handle.provider}/${agent.handle.modelId}`;
  const reason = error.retryable
    ? `Agent "${agent.id}" (${source}) failed all ${turn.attempt} attempts of its turn; the last: ${error.message}`
    : `Agent "${agent.id}" (${source}) stopped after a failure that retrying cannot fix: ${error.message}`;
  agent.alive = false;
  agent.pending = undefined;
  agent.failure = error;
  yield { type: 'agent-killed', agentId: agent.id, reason };
}

/**
 * A turn ran past its time limit. The first time, the agent gets one short wrap-up attempt
 * (the grace period) with what it had written so far; a wrap-up that runs out too, or a run
 * without grace, drops the agent, as upstream's hard round timeout does.
 */
export function* missDeadline(
  agent: AgentRecord,
  turn: AgentTurn,
  settings: VoteSettings,
): Generator<CoordinationEvent> {
  const roundLimit = describeMs(settings.roundTimeoutMs ?? 0);
  const grace = describeMs(settings.roundGraceMs);
  const mayWrapUp = !turn.wrapUp && settings.roundGraceMs > 0;
  const message = turn.wrapUp
    ? `Agent "${agent.id}" did not end its turn within the ${grace} grace period after the round time limit of ${roundLimit}.`
    : `Agent "${agent.id}" did not end its turn within the round time limit of ${roundLimit}.`;
  const error = new MassGenError({
    code: 'TIMEOUT',
    message,
    retryable: mayWrapUp,
    agentId: agent.id,
    provider: agent.handle.provider,
  }).toJSON();
  const feedback: AttemptFeedback = {
    problem: `it ran past the round time limit of ${roundLimit}. This attempt has only ${grace}, so make your one workflow call right away`,
    partialOutput: turn.partialOutput(),
  };
  yield* failAttempt({
    agent,
    turn,
    error,
    feedback: mayWrapUp ? feedback : undefined,
    maxTurnAttempts: settings.maxTurnAttempts,
    wrapUp: mayWrapUp,
  });
}

function describeMs(milliseconds: number): string {
  return milliseconds >= 1000 && milliseconds % 1000 === 0 ? `${milliseconds / 1000} s` : `${milliseconds} ms`;
}
