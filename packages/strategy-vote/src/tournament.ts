import type { VotingMethod } from './vote-setting-types.js';
import type { AgentRecord, CoordinationState } from './coordination-state.js';
import { groupWinner } from './topology.js';

/**
 * The bracket of a `tournament`: which agents entered each stage, and so which match each agent
 * is in. Stage 1 is every agent, in configuration order, in matches of `size`; the authors of the
 * match winners enter the next stage, again in matches of `size`, until one is left. `size` is 4
 * unless configured: the stages, each a round of waiting on the providers, number log_size(N), so
 * pairwise matches would give fifty agents 6 where matches of four give them 3.
 */
export class TournamentBracket {
  /** The entrants of each stage (agent ids in configuration order); the last is the current one. */
  private readonly stages: string[][];

  constructor(
    agentIds: readonly string[],
    readonly size: number,
  ) {
    this.stages = [[...agentIds]];
  }

  /** The current stage, from 1. */
  get stage(): number {
    return this.stages.length;
  }

  /** The agents still in the tournament: the current stage's entrants. */
  get contenders(): readonly string[] {
    return this.stages.at(-1) ?? [];
  }

  /** The agent whose answer won the last match, once one is left. */
  get champion(): string | undefined {
    const contenders = this.contenders;
    return contenders.length === 1 ? contenders[0] : undefined;
  }

  /** The members of `agentId`'s match in the last stage it entered. */
  matchOf(agentId: string): readonly string[] {
    for (let index = this.stages.length - 1; index >= 0; index -= 1) {
      const entrants = this.stages[index] as string[];
      const position = entrants.indexOf(agentId);
      if (position < 0) continue;
      const start = position - (position % this.size);
      return entrants.slice(start, start + this.size);
    }
    return [agentId];
  }

  /** Whether `agentId` is out: it entered an earlier stage but not the current one. */
  isKnockedOut(agentId: string): boolean {
    return !this.contenders.includes(agentId);
  }

  /** The current stage's matches. */
  matches(): string[][] {
    const matches: string[][] = [];
    for (let start = 0; start < this.contenders.length; start += this.size)
      matches.push(this.contenders.slice(start, start + this.size));
    return matches;
  }

  /** Opens the next stage with `winners`, the authors of the current matches' winning answers. */
  advance(winners: readonly string[]): void {
    const order = this.stages[0] as string[];
    this.stages.push([...winners].sort((first, second) => order.indexOf(first) - order.indexOf(second)));
  }
}

/**
 * Once every live agent has voted, moves the tournament on: the authors of the match winners
 * (see `groupWinner`) enter the next stage, set their votes aside and are restarted to vote within
 * their new match. An agent alone in its match advances without a turn, and so does a match
 * whose members have all stopped. Returns whether a stage opened.
 */
export function openNextStage(
  bracket: TournamentBracket,
  state: CoordinationState,
  votingMethod: VotingMethod,
): boolean {
  const live = state.live();
  if (bracket.champion !== undefined || live.length === 0 || !live.every((agent) => agent.vote !== undefined))
    return false;
  let restarted = 0;
  while (bracket.champion === undefined && restarted === 0) {
    const winners = bracket.matches().flatMap((match) => groupWinner(membersOf(match, state), votingMethod) ?? []);
    // Every match was left without an answer: nobody is left to advance.
    if (winners.length === 0) return false;
    bracket.advance(winners.map((winner) => winner.id));
    for (const match of bracket.matches()) restarted += restartForMatch(bracket, match, state);
  }
  return true;
}

function membersOf(match: readonly string[], state: CoordinationState): AgentRecord[] {
  return match.flatMap((agentId) => state.agentById(agentId) ?? []);
}

/** Restarts the live members of a new match to vote within it; returns how many. */
function restartForMatch(bracket: TournamentBracket, match: readonly string[], state: CoordinationState): number {
  if (match.length < 2) return 0;
  const members = membersOf(match, state);
  const labels = members.flatMap((member) => member.currentAnswer?.label ?? []);
  let restarted = 0;
  for (const entrant of members) {
    if (!entrant.alive) continue;
    const opponents = labels.filter((label) => label !== entrant.currentAnswer?.label);
    entrant.vote = undefined;
    entrant.pending = {
      reason: 'restart',
      attempt: 1,
      restartReason: `its answer won its match; in stage ${bracket.stage} of the tournament it meets ${opponents.join(', ')}`,
    };
    restarted += 1;
  }
  return restarted;
}
