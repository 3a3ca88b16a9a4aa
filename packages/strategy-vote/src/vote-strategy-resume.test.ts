import type { ResumedCoordination, TurnRequest } from '@massgen/core';
import { createScriptedAgent, textTurn, voteTurn } from '@massgen/testing';
import type { ScriptedAgentTurn } from '@massgen/testing';
import { describe, expect, it } from 'vitest';
import { eventsOfType, promptText } from '@massgen/testing/strategy';
import { isPresentation, offeredLabels } from './test-requests.js';
import { runVote } from './test-context.js';
import type { TopologySettings } from './vote-setting-types.js';

/**
 * A team whose members play `vote` in every coordination turn and present as `Final from <id>`,
 * and what each member was asked, by id.
 */
function votingTeam(ids: readonly string[], vote: (request: TurnRequest) => ScriptedAgentTurn) {
  const requests: Record<string, TurnRequest[]> = {};
  const agents = ids.map((id) => {
    const asked: TurnRequest[] = (requests[id] = []);
    return createScriptedAgent({
      id,
      turns: (request: TurnRequest) => {
        asked.push(request);
        return isPresentation(request) ? textTurn(`Final from ${id}`) : vote(request);
      },
    });
  });
  return { agents, requests };
}

/** The team of the `resume` record below, all voting for agent2. */
const teamVotingForAgent2 = () => votingTeam(['alice', 'bob', 'carol'], () => voteTurn('agent2', 'agent2 is right'));

/** alice and bob had answered; carol had voted for bob's answer; alice's second turn was cut off. */
const resume: ResumedCoordination = {
  answers: [
    { agentId: 'alice', label: 'agent1.1', content: 'Paris.', round: 1 },
    { agentId: 'bob', label: 'agent2.1', content: 'Paris, on the Seine.', round: 1 },
  ],
  votes: [{ agentId: 'carol', targetLabel: 'agent2.1', reason: 'bob is precise', round: 1 }],
  agents: [
    { agentId: 'alice', turnsStarted: 2, turnsCompleted: 1 },
    { agentId: 'bob', turnsStarted: 1, turnsCompleted: 1 },
    { agentId: 'carol', turnsStarted: 1, turnsCompleted: 1 },
  ],
  // Round 2 began with alice's second turn.
  round: 2,
};

describe('vote strategy: resuming a run from its record', () => {
  it('keeps the answers and valid votes without yielding them again, and restarts the other agents on them', async () => {
    const { agents, requests } = teamVotingForAgent2();
    const events = await runVote({ agents, resume });

    expect(eventsOfType(events, 'answer')).toEqual([]);
    expect(eventsOfType(events, 'round')).toEqual([]);
    expect(eventsOfType(events, 'warning')).toEqual([]);
    expect(eventsOfType(events, 'restart').map((event) => event.agentId)).toEqual(['alice', 'bob']);
    // alice takes her cut-off turn again in round 2; bob begins round 2; carol's vote stands.
    expect(eventsOfType(events, 'agent-start').map(({ agentId, round }) => ({ agentId, round }))).toEqual([
      { agentId: 'alice', round: 2 },
      { agentId: 'bob', round: 2 },
    ]);
    expect(requests['carol']?.filter((request) => !isPresentation(request))).toEqual([]);
    const aliceTurn = requests['alice']![0]!;
    expect(offeredLabels(aliceTurn)).toEqual(['agent1', 'agent2']);
    expect(promptText(aliceTurn)).toContain('Paris, on the Seine.');
    expect(events.at(-1)).toEqual({
      type: 'run-end',
      stopReason: 'consensus',
      winnerAgentId: 'bob',
      finalAnswer: 'Final from bob',
    });
    expect(eventsOfType(events, 'vote').map((vote) => vote.agentId)).toEqual(['alice', 'bob']);
  });

  it('drops a recorded vote whose answer was replaced, and ends with an error for a record of another team', async () => {
    const { agents } = teamVotingForAgent2();
    const stale = { ...resume, votes: [{ agentId: 'carol', targetLabel: 'agent2.0', reason: 'old', round: 1 }] };
    const events = await runVote({ agents, resume: stale });
    expect(eventsOfType(events, 'vote').map((vote) => vote.agentId)).toEqual(['alice', 'bob', 'carol']);

    const strangers = { ...resume, answers: [{ agentId: 'dave', label: 'agent4.1', content: 'x', round: 1 }] };
    const failed = await runVote({ agents, resume: strangers });
    expect(failed.at(-1)).toMatchObject({
      type: 'run-end',
      stopReason: 'error',
      error: { code: 'CONFIG_INVALID', message: expect.stringContaining('agent "dave"') },
    });
  });

  it('keeps the messages of a resumed run in every addressed agent’s prompts, without yielding them again', async () => {
    const message = 'Please give the answer in metric units.';
    const { agents, requests } = teamVotingForAgent2();
    const events = await runVote({ agents, resume: { ...resume, messages: [{ text: message, to: ['bob'] }] } });

    expect(eventsOfType(events, 'human-message')).toEqual([]);
    const firstCoordination = (id: string) => requests[id]!.find((request) => !isPresentation(request));
    expect(promptText(firstCoordination('bob'))).toContain(message);
    expect(promptText(firstCoordination('alice'))).not.toContain(message);
  });

  describe('islands and tournament', () => {
    const ids = ['a', 'b', 'c', 'd'];
    const stage1 = {
      topology: 'islands' as const,
      stage: 1,
      groups: [
        ['a', 'b'],
        ['c', 'd'],
      ],
    };
    const answered: ResumedCoordination = {
      answers: ids.map((agentId, index) => ({
        agentId,
        label: `agent${index + 1}.1`,
        content: `Answer of ${agentId}.`,
        round: 1,
      })),
      votes: [],
      agents: ids.map((agentId) => ({ agentId, turnsStarted: 1, turnsCompleted: 1 })),
      round: 1,
      groups: [stage1],
    };
    // b and d voted in their groups; a and c, the group winners, set theirs aside for the final round.
    const groupWinnersWaiting: ResumedCoordination = {
      ...answered,
      votes: [
        { agentId: 'b', targetLabel: 'agent1.1', reason: 'first', round: 2 },
        { agentId: 'd', targetLabel: 'agent3.1', reason: 'first', round: 2 },
      ],
      agents: ids.map((agentId) => ({ agentId, turnsStarted: 2, turnsCompleted: 2 })),
      round: 2,
    };
    /** Resumes `record` under `topology` with a team that votes for the first answer it is offered. */
    const resumeUnder = async (topology: TopologySettings, record: ResumedCoordination) => {
      const { agents, requests } = votingTeam(ids, (request) => voteTurn(offeredLabels(request)[0] as string, 'first'));
      return { requests, events: await runVote({ agents, settings: { topology }, resume: record }) };
    };

    it('does not announce the groups again; the final round among the group winners opens once', async () => {
      const { events } = await resumeUnder({ type: 'islands', size: 2 }, answered);

      expect(eventsOfType(events, 'groups')).toEqual([
        { type: 'groups', topology: 'islands', stage: 2, groups: [['a', 'c']] },
      ]);
      expect(events.at(-1)).toMatchObject({ type: 'run-end', stopReason: 'consensus' });
    });

    it('goes on with the final round when it had opened: finalists are shown only the group winners, and nothing is announced', async () => {
      const { requests, events } = await resumeUnder(
        { type: 'islands', size: 2 },
        { ...groupWinnersWaiting, groups: [stage1, { topology: 'islands', stage: 2, groups: [['a', 'c']] }] },
      );

      expect(eventsOfType(events, 'groups')).toEqual([]);
      for (const finalist of ['a', 'c']) {
        const turns = requests[finalist]!.filter((request) => !isPresentation(request));
        expect(turns.map(offeredLabels)).toEqual([['agent1', 'agent3']]);
      }
      expect(requests['b']!.filter((request) => !isPresentation(request))).toEqual([]);
      expect(events.at(-1)).toMatchObject({ type: 'run-end', stopReason: 'consensus', winnerAgentId: 'a' });
    });

    it('a tournament goes on in the stage it had reached, without announcing its stages again', async () => {
      const { requests, events } = await resumeUnder(
        { type: 'tournament', size: 2 },
        {
          ...groupWinnersWaiting,
          groups: [
            { topology: 'tournament', stage: 1, groups: stage1.groups },
            { topology: 'tournament', stage: 2, groups: [['a', 'c']] },
          ],
        },
      );

      // Only the stage its last match opens is announced: the champion's.
      expect(eventsOfType(events, 'groups')).toEqual([
        { type: 'groups', topology: 'tournament', stage: 3, groups: [['a']] },
      ]);
      for (const finalist of ['a', 'c']) {
        const turns = requests[finalist]!.filter((request) => !isPresentation(request));
        expect(turns.map(offeredLabels)).toEqual([['agent1', 'agent3']]);
      }
      expect(events.at(-1)).toMatchObject({ type: 'run-end', stopReason: 'consensus', winnerAgentId: 'a' });
    });
  });
});
