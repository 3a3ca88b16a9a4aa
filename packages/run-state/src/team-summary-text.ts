import type { AgentState } from './run-status.js';
import type { StateCounts, TeamSummary } from './team-summary.js';
import { listNames } from './text-lines.js';
import type { TallyRow } from './vote-tally.js';

/** States in the order a summary names them, with the word for each. */
export const countedStates: ReadonlyArray<{ state: AgentState; word: string }> = [
  { state: 'working', word: 'working' },
  { state: 'waiting', word: 'waiting' },
  { state: 'answered', word: 'answered' },
  { state: 'voted', word: 'voted' },
  { state: 'presenting', word: 'presenting' },
  { state: 'done', word: 'presented' },
  { state: 'failed', word: 'failed' },
  { state: 'stopped', word: 'stopped' },
];

/** `12 working, 30 answered, 8 voted`: the non-zero counts, in words. */
export function describeCounts(counts: StateCounts): string {
  const parts = countedStates
    .filter(({ state }) => counts[state] > 0)
    .map(({ state, word }) => `${counts[state]} ${word}`);
  return parts.length === 0 ? 'none started' : parts.join(', ');
}

/** `agent7.1 (agent07) 12 votes, agent3.1 (agent03) 8`: the leading answers in words; '' with no votes. */
export function describeLeaders(leaders: readonly TallyRow[]): string {
  return leaders
    .map(
      (row, index) =>
        `${row.label} (${row.agentId}) ${row.votes}${index === 0 ? ` vote${row.votes === 1 ? '' : 's'}` : ''}`,
    )
    .join(', ');
}

/** `islands, 13 groups` / `tournament stage 2, 7 matches` / `islands final among 13 group winners`. */
export function describeGrouping(grouping: NonNullable<TeamSummary['grouping']>): string {
  const count = grouping.groups.length;
  if (grouping.topology === 'islands') {
    if (grouping.stage > 1) return `islands final among ${grouping.groups[0]?.agentIds.length ?? 0} group winners`;
    return `islands, ${count} group${count === 1 ? '' : 's'}`;
  }
  return `tournament stage ${grouping.stage}, ${count} match${count === 1 ? '' : 'es'}`;
}

/**
 * `agent01–agent04` for a group of agents next to each other in `order` (the team's order);
 * `agent01, agent07 and 2 more` otherwise.
 */
export function describeMembers(agentIds: readonly string[], order: readonly string[]): string {
  if (agentIds.length <= 2) return agentIds.join(', ');
  const first = order.indexOf(agentIds[0] ?? '');
  const consecutive = first >= 0 && agentIds.every((id, index) => order[first + index] === id);
  return consecutive ? `${agentIds[0]}–${agentIds.at(-1)}` : listNames(agentIds, 2);
}
