import type { AgentState, RunStatus } from './run-status.js';
import { listNames } from './text-lines.js';
import { tallyRows } from './vote-tally.js';
import type { TallyRow } from './vote-tally.js';

/**
 * Teams larger than this are shown as a summary (counts, leading answers, groups) rather than
 * agent by agent: eight lines fit any screen and any log, fifty do not.
 */
export const teamSummaryAbove = 8;

/** Whether a team of `agentCount` is shown as a summary. */
export function summarizesTeam(agentCount: number): boolean {
  return agentCount > teamSummaryAbove;
}

/** How many agents are in each state. */
export type StateCounts = Record<AgentState, number>;

/** The answer leading among a group's own votes. */
export interface GroupLeader {
  label: string;
  agentId: string;
  votes: number;
}

export interface TeamGroup {
  /** From 1, in the order the topology lists its groups. */
  number: number;
  agentIds: string[];
  counts: StateCounts;
  /** Whose answer most of the members' current votes are for; none before a member votes. */
  leader?: GroupLeader;
  /** Every member still in the run has voted (or none is left): the group has decided. */
  decided: boolean;
}

/** A large team at a glance: what the displays, the progress lines and serve's stream show. */
export interface TeamSummary {
  agents: number;
  counts: StateCounts;
  answers: number;
  /** The answers with the most current votes, most first (the winner first once there is one). */
  leaders: TallyRow[];
  /** The topology's groups in the stage under way, when it groups agents. */
  grouping?: {
    topology: 'islands' | 'tournament';
    stage: number;
    groups: TeamGroup[];
  };
}

const noCounts: StateCounts = {
  waiting: 0,
  working: 0,
  answered: 0,
  voted: 0,
  presenting: 0,
  failed: 0,
  done: 0,
  stopped: 0,
};

/** Counts the states of `agentIds` (every agent when absent). */
export function countStates(status: RunStatus, agentIds: readonly string[] = Object.keys(status.agents)): StateCounts {
  const counts = { ...noCounts };
  for (const id of agentIds) {
    const agent = status.agents[id];
    if (agent !== undefined) counts[agent.state] += 1;
  }
  return counts;
}

/** The summary of a run's team; `leaderLimit` leading answers at most. */
export function summarizeTeam(status: RunStatus, leaderLimit = 3): TeamSummary {
  const grouping = status.groups;
  return {
    agents: Object.keys(status.agents).length,
    counts: countStates(status),
    answers: status.answers.length,
    leaders: tallyRows(status).slice(0, leaderLimit),
    ...(grouping === undefined
      ? {}
      : {
          grouping: {
            topology: grouping.topology,
            stage: grouping.stage,
            groups: grouping.groups.map((agentIds, index) => summarizeGroup(status, agentIds, index + 1)),
          },
        }),
  };
}

function summarizeGroup(status: RunStatus, agentIds: string[], number: number): TeamGroup {
  const members = new Set(agentIds);
  const votes = new Map<string, GroupLeader>();
  let decided = true;
  for (const id of agentIds) {
    const agent = status.agents[id];
    if (agent === undefined || agent.state === 'failed') continue;
    const vote = agent.vote;
    if (vote === null || !members.has(vote.targetAgentId)) {
      decided = false;
      continue;
    }
    const held = votes.get(vote.targetAgentId);
    votes.set(vote.targetAgentId, {
      label: vote.targetLabel,
      agentId: vote.targetAgentId,
      votes: (held?.votes ?? 0) + 1,
    });
  }
  // Ties go to the member listed first, as the strategy breaks them.
  let leader: GroupLeader | undefined;
  for (const id of agentIds) {
    const candidate = votes.get(id);
    if (candidate !== undefined && (leader === undefined || candidate.votes > leader.votes)) leader = candidate;
  }
  return {
    number,
    agentIds,
    counts: countStates(status, agentIds),
    ...(leader === undefined ? {} : { leader }),
    decided,
  };
}

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
