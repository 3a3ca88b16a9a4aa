import type { TallyEntry } from '@massgen/core';
import type { VotingMethod } from './vote-setting-types.js';

/** An answer that can receive votes: the latest answer of one agent. */
export interface TallyCandidate {
  /** The answer's label, such as `agent2.1`. */
  label: string;
  agentId: string;
  /** When this agent first submitted an answer (any increasing number); breaks vote-less runs. */
  firstAnsweredAt: number;
}

export interface TallyVote {
  targetAgentId: string;
  /** The voter's stated confidence, 0–1; counts as 1 when absent. */
  confidence?: number;
}

export interface VoteTally {
  /** One entry per candidate, in the order the candidates were given. */
  entries: TallyEntry[];
  /** The answer that wins now; absent only when there are no candidates. */
  winner: TallyEntry | undefined;
}

/**
 * Counts votes and picks the winner. Candidates must come in configuration order, because a
 * tie goes to the candidate whose agent is listed first; with no votes at all the agent that
 * answered first wins, since it has had its answer in front of the others the longest.
 */
export function tallyVotes(
  candidates: readonly TallyCandidate[],
  votes: readonly TallyVote[],
  method: VotingMethod,
): VoteTally {
  const entries = candidates.map((candidate) => {
    const received = votes.filter((vote) => vote.targetAgentId === candidate.agentId);
    const weight = received.reduce((sum, vote) => sum + voteWeight(vote, method), 0);
    return { label: candidate.label, agentId: candidate.agentId, votes: received.length, weight };
  });
  return { entries, winner: pickWinner(entries, candidates) };
}

function voteWeight(vote: TallyVote, method: VotingMethod): number {
  return method === 'weighted_by_confidence' ? (vote.confidence ?? 1) : 1;
}

function pickWinner(entries: TallyEntry[], candidates: readonly TallyCandidate[]): TallyEntry | undefined {
  const anyVotes = entries.some((entry) => entry.votes > 0);
  if (!anyVotes) {
    let earliest: number | undefined;
    candidates.forEach((candidate, index) => {
      const best = earliest === undefined ? undefined : candidates[earliest];
      if (best === undefined || candidate.firstAnsweredAt < best.firstAnsweredAt) earliest = index;
    });
    return earliest === undefined ? undefined : entries[earliest];
  }
  let winner: TallyEntry | undefined;
  for (const entry of entries) {
    // Strictly greater, so the first listed candidate keeps a tie.
    if (winner === undefined || entry.weight > winner.weight) winner = entry;
  }
  return winner;
}
