import type { CoordinationEvent, ResumedCoordination } from '@massgen/core';
import type { CoordinationState } from './coordination-state.js';
import { groupWinners } from './topology.js';
import { openNextStage } from './tournament.js';
import type { VoteSettings } from './vote-settings.js';

/**
 * `islands`: once every live agent has voted within its group, the group winners' authors set
 * their votes aside and vote again among the group winners; the run concludes after that.
 * `tournament`: each time every live agent has voted, the next stage opens (`openNextStage`).
 * Returns whether a round opened, so the displays are shown the new groups.
 */
export function openFinalRound(state: CoordinationState, settings: VoteSettings): boolean {
  const { topology } = settings;
  if (state.bracket !== undefined) return openNextStage(state.bracket, state, settings.votingMethod);
  if (topology.type !== 'islands' || state.finalists !== undefined) return false;
  const live = state.live();
  if (live.length === 0 || !live.every((agent) => agent.vote !== undefined)) return false;
  const winners = groupWinners(topology.size, state, settings.votingMethod);
  state.finalists = new Set(winners.map((winner) => winner.id));
  // One group winner has nobody to meet: the run concludes as it stands.
  if (winners.length < 2) return false;
  const labels = winners.flatMap((winner) => (winner.currentAnswer === undefined ? [] : [winner.currentAnswer.label]));
  for (const finalist of winners) {
    if (!finalist.alive) continue;
    finalist.vote = undefined;
    finalist.pending = {
      reason: 'restart',
      attempt: 1,
      restartReason: `its group's answer is among the group winners (${labels.join(', ')}), which now vote among themselves`,
    };
  }
  return true;
}

/** The topology's groups as they stand, for the displays: none unless it groups agents. */
export function currentGroups(state: CoordinationState, settings: VoteSettings): CoordinationEvent | undefined {
  const { topology } = settings;
  const bracket = state.bracket;
  if (bracket !== undefined)
    return { type: 'groups', topology: 'tournament', stage: bracket.stage, groups: bracket.matches() };
  if (topology.type !== 'islands') return undefined;
  const finalists = state.finalists;
  if (finalists !== undefined && finalists.size > 1) {
    const group = state.agents.filter((agent) => finalists.has(agent.id)).map((agent) => agent.id);
    return { type: 'groups', topology: 'islands', stage: 2, groups: [group] };
  }
  const groups: string[][] = [];
  for (let start = 0; start < state.agents.length; start += topology.size)
    groups.push(state.agents.slice(start, start + topology.size).map((agent) => agent.id));
  return { type: 'groups', topology: 'islands', stage: 1, groups };
}

/**
 * Puts back the stages a resumed run had opened: the final round of `islands` (its finalists)
 * or the later stages of a tournament (each stage's entrants). Returns whether the record had
 * announced any, so that they are not announced again.
 */
export function restoreStages(state: CoordinationState, settings: VoteSettings, resume: ResumedCoordination): boolean {
  for (const recorded of resume.groups ?? []) {
    if (recorded.stage < 2) continue;
    const entrants = recorded.groups.flat();
    if (recorded.topology === 'tournament') state.bracket?.advance(entrants);
    else if (settings.topology.type === 'islands') state.finalists = new Set(entrants);
  }
  return resume.groups !== undefined;
}
