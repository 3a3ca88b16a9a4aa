import { describe, expect, it } from 'vitest';
import type { CoordinationEvent } from '@massgen/core';
import { answerEvent, displayStateOf, runStart, voteEvent } from './run-event-fixtures.js';
import { describeCounts, describeGrouping, describeLeaders, describeMembers } from './team-summary-text.js';
import { summarizeTeam, summarizesTeam } from './team-summary.js';

const twelve = Array.from({ length: 12 }, (_, index) => `agent${String(index + 1).padStart(2, '0')}`);
const groups = [twelve.slice(0, 4), twelve.slice(4, 8), twelve.slice(8, 12)];

describe('summarizeTeam', () => {
  it('counts the states, ranks the leading answers and sums up each island', () => {
    const { status } = displayStateOf([
      runStart(twelve),
      { type: 'groups', topology: 'islands', stage: 1, groups },
      ...twelve.map((agentId): CoordinationEvent => ({
        type: 'agent-start',
        agentId,
        round: 1,
        attempt: 1,
        reason: 'initial',
      })),
      ...twelve.slice(0, 8).map((agentId, index) => answerEvent(agentId, `agent${index + 1}.1`, { keptVotes: [] })),
      // Group 1 has decided for agent02's answer; group 2 is split and one member has not voted.
      voteEvent('agent01', 'agent02', 'agent2.1'),
      voteEvent('agent02', 'agent02', 'agent2.1'),
      voteEvent('agent03', 'agent01', 'agent1.1'),
      voteEvent('agent04', 'agent02', 'agent2.1'),
      voteEvent('agent05', 'agent06', 'agent6.1'),
      voteEvent('agent06', 'agent05', 'agent5.1'),
      { type: 'agent-killed', agentId: 'agent07', reason: 'dropped' },
      { type: 'agent-killed', agentId: 'agent12', reason: 'dropped' },
    ]);
    const summary = summarizeTeam(status);

    expect(summary.agents).toBe(12);
    expect(summary.answers).toBe(8);
    expect(describeCounts(summary.counts)).toBe('3 working, 1 answered, 6 voted, 2 failed');
    expect(summary.leaders.map((row) => [row.label, row.votes])).toEqual([
      ['agent2.1', 3],
      ['agent1.1', 1],
      // Equal counts in the order the answers came.
      ['agent5.1', 1],
    ]);
    expect(describeLeaders(summary.leaders)).toBe(
      'agent2.1 (agent02) 3 votes, agent1.1 (agent01) 1, agent5.1 (agent05) 1',
    );
    expect(summary.grouping?.groups.map((group) => [group.number, group.leader?.label, group.decided])).toEqual([
      [1, 'agent2.1', true],
      // A tie goes to the member listed first.
      [2, 'agent5.1', false],
      [3, undefined, false],
    ]);
    expect(summary.grouping?.groups[2]?.counts).toMatchObject({ working: 3, failed: 1 });
    expect(describeGrouping(summary.grouping!)).toBe('islands, 3 groups');
  });

  it('names the islands final and the tournament stage, and the members of groups that are not side by side', () => {
    const { status } = displayStateOf([
      runStart(twelve),
      { type: 'groups', topology: 'islands', stage: 1, groups },
      { type: 'groups', topology: 'islands', stage: 2, groups: [['agent02', 'agent05', 'agent09']] },
    ]);
    const summary = summarizeTeam(status);
    expect(describeGrouping(summary.grouping!)).toBe('islands final among 3 group winners');
    expect(describeMembers(['agent02', 'agent05', 'agent09'], twelve)).toBe('agent02, agent05 and 1 more');
    expect(describeMembers(groups[1]!, twelve)).toBe('agent05–agent08');
    expect(
      describeGrouping({
        topology: 'tournament',
        stage: 2,
        groups: summary.grouping!.groups.concat(summary.grouping!.groups),
      }),
    ).toBe('tournament stage 2, 2 matches');
  });

  it('has no grouping under a topology that does not group, and nothing counted before the start', () => {
    const { status } = displayStateOf([runStart(twelve)]);
    expect(summarizeTeam(status).grouping).toBeUndefined();
    expect(describeCounts(summarizeTeam(displayStateOf([]).status).counts)).toBe('none started');
    expect(describeCounts(summarizeTeam(status).counts)).toBe('12 waiting');
  });

  it('is for teams larger than eight', () => {
    expect(summarizesTeam(8)).toBe(false);
    expect(summarizesTeam(9)).toBe(true);
  });
});
