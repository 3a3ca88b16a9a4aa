import type { StopReason } from '@massgen/core';
import type { CoordinationState } from './coordination-state.js';
import type { VoteSettings } from './vote-settings.js';

/** What besides the votes can end a coordination between two inputs. */
export interface StopConditions {
  /** The user asked for an answer before any existed; the first one to arrive ends the run. */
  answerNowWaiting: boolean;
  /** The stagnation watch found the answers have stopped improving. */
  plateaued: boolean;
  spent: { tokens: number; costUsd: number };
}

/** Why the coordination ends now, by the votes, the threshold, a plateau or the budget; undefined to go on. */
export function settledStop(
  state: CoordinationState,
  settings: VoteSettings,
  conditions: StopConditions,
): StopReason | undefined {
  if (conditions.answerNowWaiting && state.answersVersion > 0) return 'answer-now';
  const live = state.live();
  if (live.length > 0 && live.every((agent) => agent.vote !== undefined)) return 'consensus';
  const threshold = settings.convergenceThreshold;
  if (threshold !== undefined && live.length > 0) {
    const leader = state.tally(settings.votingMethod).winner;
    if (leader !== undefined && leader.votes > 0 && leader.weight / live.length >= threshold)
      return 'convergence-threshold';
  }
  if (conditions.plateaued) return 'plateau';
  const { maxTokensTotal, maxCostUsd } = settings;
  const overBudget =
    (maxTokensTotal !== undefined && conditions.spent.tokens >= maxTokensTotal) ||
    (maxCostUsd !== undefined && conditions.spent.costUsd >= maxCostUsd);
  // An answer submitted in a turn that is ending was paid for: it is taken before the budget stops the run.
  if (overBudget && !state.agents.some((agent) => agent.turn?.hasAnswerCall === true)) return 'budget';
  return undefined;
}
