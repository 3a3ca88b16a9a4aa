import type { AgentState, RunStatus } from './run-status.js';
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
