import type { CoordinationEvent } from '@massgen/core';
import type { AgentTurn } from './agent-turn.js';
import type { AgentRecord, CoordinationState } from './coordination-state.js';
import { hasMessagesAfter } from './human-messages.js';
import type { TurnOutcome } from './turn-outcome.js';

/**
 * Counts a vote cast in `turn`, unless the agent voted on a view that has since changed (a
 * person's message, newer answers it may see, or a new answer by the one it voted for): that
 * vote is shown, marked stale, counts for nothing, and the agent restarts.
 */
export function* acceptVote(
  state: CoordinationState,
  agent: AgentRecord,
  turn: AgentTurn,
  vote: Extract<TurnOutcome, { kind: 'vote' }>,
  seesAnswersAfter: (agent: AgentRecord, viewVersion: number) => boolean,
): Generator<CoordinationEvent> {
  agent.turnsCompleted = turn.round;
  agent.interruptionsInARow = 0;
  const target = state.agents.find((each) => each.label === vote.label);
  const shownLabel = turn.shownAnswers.find((label) => label.startsWith(`${vote.label}.`));
  const messaged = hasMessagesAfter(state, agent, turn.messageVersion);
  if (messaged || seesAnswersAfter(agent, turn.viewVersion) || target?.currentAnswer?.label !== shownLabel) {
    // Shown, so the record says what happened, but marked: it counts for nothing.
    yield {
      type: 'vote',
      agentId: agent.id,
      targetLabel: shownLabel ?? vote.label,
      targetAgentId: target?.id ?? vote.label,
      reason: vote.reason,
      ...(vote.confidence === undefined ? {} : { confidence: vote.confidence }),
      round: turn.round,
      stale: true,
    };
    agent.pending = {
      reason: 'restart',
      attempt: 1,
      restartReason: messaged
        ? `its vote for ${vote.label} was cast before the person's message arrived, so it does not count`
        : `its vote for ${vote.label} was cast before newer answers arrived, so it does not count`,
    };
    return;
  }
  const cast = state.castVote(agent, vote.label, vote.reason, vote.confidence, turn.round);
  yield {
    type: 'vote',
    agentId: agent.id,
    targetLabel: cast.targetLabel,
    targetAgentId: cast.targetAgentId,
    reason: cast.reason,
    ...(cast.confidence === undefined ? {} : { confidence: cast.confidence }),
    round: cast.round,
  };
}
