import type { RecordedVote, RunStatus } from './run-status.js';

export interface TallyRow {
  label: string;
  agentId: string;
  votes: number;
  /** Agents whose current vote this is. */
  voters: string[];
  winner: boolean;
}

/**
 * Votes the latest answer made out of date (or that came in after it, on older answers): shown
 * as such until the next answer, never counted, never silently gone.
 */
export function outdatedVotes(status: RunStatus): RecordedVote[] {
  const latest = status.answers.at(-1)?.label;
  return latest === undefined ? [] : status.votes.filter((vote) => vote.stale && vote.outdatedBy === latest);
}

/**
 * The vote count to show. Once a winner is chosen it is the tally the strategy decided by
 * (which may weigh votes by confidence); before that, the agents' current votes, which a new
 * answer clears. Rows are ordered by votes, then by when the answer was given.
 */
export function tallyRows(status: RunStatus): TallyRow[] {
  const voters = new Map<string, string[]>();
  const labels = new Map<string, string>();
  for (const agent of Object.values(status.agents)) {
    if (agent.vote === null) continue;
    voters.set(agent.vote.targetAgentId, [...(voters.get(agent.vote.targetAgentId) ?? []), agent.id]);
    labels.set(agent.vote.targetAgentId, agent.vote.targetLabel);
  }
  if (status.tally !== undefined) {
    return status.tally
      .filter((entry) => entry.votes > 0 || entry.agentId === status.winnerAgentId)
      .map((entry) => ({
        label: entry.label,
        agentId: entry.agentId,
        votes: entry.votes,
        voters: voters.get(entry.agentId) ?? [],
        winner: entry.agentId === status.winnerAgentId,
      }))
      .sort((left, right) => Number(right.winner) - Number(left.winner) || right.votes - left.votes);
  }
  const order = new Map(status.answers.map((answer, index) => [answer.agentId, index]));
  return [...voters.entries()]
    .map(([agentId, names]) => ({
      label: labels.get(agentId) ?? agentId,
      agentId,
      votes: names.length,
      voters: names,
      winner: false,
    }))
    .sort(
      (left, right) => right.votes - left.votes || (order.get(left.agentId) ?? 0) - (order.get(right.agentId) ?? 0),
    );
}
