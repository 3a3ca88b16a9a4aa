import { MassGenError } from '@massgen/core';
import type { CoordinationEvent, SerializedError } from '@massgen/core';
import type { AgentTurn } from './agent-turn.js';
import type { AttemptFeedback } from './coordination-prompt.js';
import type { AgentRecord } from './coordination-state.js';
import { describeMs } from './describe-ms.js';
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
 * retryable, and is dropped from the coordination otherwise. A failure the runtime has already
 * retried (`attempts`) is not repeated here: retries happen in one layer, so they never multiply.
 */
export function* failAttempt(failed: FailedAttempt): Generator<CoordinationEvent> {
  const { agent, turn, error, feedback } = failed;
  const willRetry = error.retryable && error.attempts === undefined && turn.attempt < failed.maxTurnAttempts;
  if (willRetry) {
    yield {
      type: 'agent-error',
      agentId: agent.id,
      error,
      attempt: turn.attempt,
      willRetry,
      retry: { scope: 'turn', maxAttempts: failed.maxTurnAttempts },
    };
    agent.pending = {
      reason: 'retry',
      attempt: turn.attempt + 1,
      ...(feedback === undefined ? {} : { feedback }),
      ...(failed.wrapUp === true ? { wrapUp: true } : {}),
    };
    return;
  }
  yield* dropAgent(agent, error, stopReason(agent, turn, error));
}

/** Takes an agent out of the coordination for good, saying why and with the failure that did it. */
export function* dropAgent(agent: AgentRecord, error: SerializedError, reason: string): Generator<CoordinationEvent> {
  agent.turn?.abort();
  agent.turn = undefined;
  agent.alive = false;
  agent.pending = undefined;
  agent.failure = error;
  yield { type: 'agent-killed', agentId: agent.id, reason, error };
}

function stopReason(agent: AgentRecord, turn: AgentTurn, error: SerializedError): string {
  const who = `Agent "${agent.id}" (${agent.handle.provider}/${agent.handle.modelId})`;
  if (error.attempts !== undefined) {
    return `${who} was dropped after ${error.attempts} failed request attempt${error.attempts === 1 ? '' : 's'}`;
  }
  if (error.retryable) return `${who} was dropped after failing all ${turn.attempt} attempts of its turn`;
  return `${who} was dropped after a failure that retrying cannot fix`;
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
