import type { TopologySettings } from './vote-setting-types.js';
import { answerTurn, createDeferred, createScriptedAgent, errorPart, voteTurn, waitFor } from '@massgen/testing';
import type { ScriptedAgent } from '@massgen/testing';
import { describe, expect, it } from 'vitest';
import { eventsOfType, onlyEvent, promptText } from '@massgen/testing/strategy';
import { answerThenVoteFirst, scriptedVoter, votingViews } from './test-agents.js';
import { isPresentation, offeredLabels } from './test-requests.js';
import { runVote } from './test-context.js';

const ids = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'];

describe('vote strategy: topology', () => {
  it('ring: each agent sees and votes among its own answer and its nearest peers; the most-voted answer wins', async () => {
    const agents = ids.map(answerThenVoteFirst);
    const events = await runVote({ agents, settings: { topology: { type: 'ring', neighbors: 2 } } });

    const neighbourhoods = [
      ['agent1', 'agent2', 'agent6'],
      ['agent1', 'agent2', 'agent3'],
      ['agent2', 'agent3', 'agent4'],
      ['agent3', 'agent4', 'agent5'],
      ['agent4', 'agent5', 'agent6'],
      ['agent1', 'agent5', 'agent6'],
    ];
    agents.forEach((agent, index) => {
      const views = votingViews(agent);
      for (const labels of views) expect(labels.length).toBeLessThanOrEqual(3);
      expect(views.at(-1)).toEqual(neighbourhoods[index]);
    });
    // Each voted for the first answer it was shown: agent1 gets a1's, a2's and a6's votes.
    expect(onlyEvent(events, 'consensus')).toMatchObject({
      winnerAgentId: 'a1',
      stopReason: 'consensus',
      tally: expect.arrayContaining([{ label: 'agent1.1', agentId: 'a1', votes: 3, weight: 3 }]),
    });
    expect(events.at(-1)).toMatchObject({ type: 'run-end', stopReason: 'consensus', finalAnswer: 'Final from a1' });
  });

  it('top_k: once every answer is in and nobody has voted, each agent sees the k first answers and its own', async () => {
    const agents = ids.slice(0, 4).map(answerThenVoteFirst);
    const events = await runVote({ agents, settings: { topology: { type: 'top_k', k: 1 } } });

    const [first] = eventsOfType(events, 'answer');
    if (first === undefined) throw new Error('no answer was submitted');
    for (const agent of agents) {
      const last = votingViews(agent).at(-1) ?? [];
      expect(last.length).toBeLessThanOrEqual(2);
      expect(last).toContain(first.label.split('.')[0]);
    }
    expect(onlyEvent(events, 'consensus')).toMatchObject({ winnerAgentId: first.agentId, stopReason: 'consensus' });
  });

  it("ring: an answer outside an agent's neighbourhood neither interrupts it nor outdates its vote, so it costs that agent no call", async () => {
    /**
     * Five agents each answer, then vote for the first answer offered, except a4, which waits
     * until the other four have voted and then revises its answer. On a ring of one neighbour
     * only a3 sees a4's answers; with every answer visible (`full`), every voter does.
     */
    const callsAfterRevision = async (topology: TopologySettings) => {
      const othersVoted = createDeferred();
      const agents = ['a1', 'a2', 'a3', 'a5'].map(answerThenVoteFirst);
      const reviser = scriptedVoter('a4', {
        first: answerTurn('Answer of a4.'),
        then: (request) =>
          promptText(request).includes('Revised answer of a4.')
            ? voteTurn(offeredLabels(request)[0] ?? 'agent4', 'mine')
            : [waitFor(othersVoted.promise), ...answerTurn('Revised answer of a4.')],
        presents: 'Final from a4',
      });
      const team = [...agents.slice(0, 3), reviser, ...agents.slice(3)];
      const coordinationCalls = () =>
        team.map((agent) => agent.requests.filter((request) => !isPresentation(request)).length);
      let atRevision: number[] = [];
      const voted = new Set<string>();
      const events = await runVote({ agents: team, settings: { topology, timeoutMs: 10_000 } }, (event) => {
        if (event.type === 'vote' && event.stale !== true) voted.add(event.agentId);
        if (voted.size === 4 && !voted.has('a4') && atRevision.length === 0) {
          atRevision = coordinationCalls();
          othersVoted.resolve();
        }
      });
      expect(onlyEvent(events, 'run-end').stopReason).toBe('consensus');
      const revision = eventsOfType(events, 'answer').find((answer) => answer.label === 'agent4.2');
      const calls = coordinationCalls();
      return {
        keptVotes: revision?.keptVotes,
        extraCalls: calls.map((count, index) => count - (atRevision[index] ?? 0)),
      };
    };

    const ring = await callsAfterRevision({ type: 'ring', neighbors: 1 });
    expect(ring.keptVotes).toEqual(['a1', 'a2', 'a5']);
    // a3 votes again; a4 votes; nobody else is asked again.
    expect(ring.extraCalls).toEqual([0, 0, 1, 1, 0]);
    const full = await callsAfterRevision({ type: 'full' });
    expect(full.keptVotes).toBeUndefined();
    expect(full.extraCalls).toEqual([1, 1, 1, 1, 1]);
  });

  it('ring: an interrupted turn waits only for first answers its agent may be shown', async () => {
    // a5 answers last; on a ring of one neighbour only a4 may be shown its answer.
    const restartOfA1 = async (topology: TopologySettings) => {
      const a5MayAnswer = createDeferred();
      const late = scriptedVoter('a5', {
        first: [waitFor(a5MayAnswer.promise), ...answerTurn('Answer of a5.')],
        then: (request) => voteTurn(offeredLabels(request)[0] ?? 'agent5', 'first I was shown'),
        presents: 'Final from a5',
      });
      const agents = [...['a1', 'a2', 'a3', 'a4'].map(answerThenVoteFirst), late];
      const events = await runVote({ agents, settings: { topology, timeoutMs: 10_000 } }, (event) => {
        if ((event.type === 'vote' || event.type === 'agent-waiting') && event.agentId === 'a1') a5MayAnswer.resolve();
      });
      expect(onlyEvent(events, 'run-end').stopReason).toBe('consensus');
      const restarted = events.findIndex(
        (event) => event.type === 'agent-start' && event.agentId === 'a1' && event.reason === 'restart',
      );
      const a5Answered = events.findIndex((event) => event.type === 'answer' && event.agentId === 'a5');
      return { restartedBeforeA5Answered: restarted < a5Answered, waited: eventsOfType(events, 'agent-waiting') };
    };

    // a2's answer interrupts a1's review; a1 restarts at once: a5's answer is not for it.
    expect(await restartOfA1({ type: 'ring', neighbors: 1 })).toEqual({ restartedBeforeA5Answered: true, waited: [] });
    const full = await restartOfA1({ type: 'full' });
    expect(full.restartedBeforeA5Answered).toBe(false);
    expect(full.waited).toContainEqual(
      expect.objectContaining({ agentId: 'a1', waitingFor: expect.arrayContaining(['a5']) }),
    );
  });

  it('islands: each agent sees its group; the group winners then vote among themselves, and the most votes in all win', async () => {
    // Two groups of three; a6 fails at once, so its group goes on with a4 and a5.
    const failing = createScriptedAgent({
      id: 'a6',
      turns: [[errorPart({ code: 'BACKEND_AUTH', message: 'Key rejected.', retryable: false })]],
    });
    const agents = [...ids.slice(0, 5).map(answerThenVoteFirst), failing];
    const events = await runVote({ agents, settings: { topology: { type: 'islands', size: 3 } } });

    const groups = [
      ['agent1', 'agent2', 'agent3'],
      ['agent4', 'agent5', 'agent6'],
    ];
    const [a1, a2, a3, a4, a5] = agents as [ScriptedAgent, ScriptedAgent, ScriptedAgent, ScriptedAgent, ScriptedAgent];
    for (const [agent, group] of [
      [a2, groups[0]],
      [a3, groups[0]],
      [a5, groups[1]],
    ] as const)
      for (const labels of votingViews(agent)) expect(group).toEqual(expect.arrayContaining(labels));
    // Each group voted for its first answer; a1 and a4 then met in the final round.
    for (const finalist of [a1, a4]) expect(votingViews(finalist).at(-1)).toEqual(['agent1', 'agent4']);
    const finalRound = eventsOfType(events, 'restart').filter((restart) => restart.reason.includes('group winners'));
    expect(finalRound.map((restart) => [restart.agentId, restart.reason])).toEqual([
      ['a1', "its group's answer is among the group winners (agent1.1, agent4.1), which now vote among themselves"],
      ['a4', "its group's answer is among the group winners (agent1.1, agent4.1), which now vote among themselves"],
    ]);
    // The displays are told the groups, then the final round's.
    expect(eventsOfType(events, 'groups')).toEqual([
      { type: 'groups', topology: 'islands', stage: 1, groups: [ids.slice(0, 3), ids.slice(3, 6)] },
      { type: 'groups', topology: 'islands', stage: 2, groups: [['a1', 'a4']] },
    ]);
    // agent1.1: a1, a2, a3 and a4's final vote; agent4.1: a5's.
    expect(onlyEvent(events, 'consensus')).toMatchObject({
      winnerAgentId: 'a1',
      stopReason: 'consensus',
      tally: expect.arrayContaining([
        { label: 'agent1.1', agentId: 'a1', votes: 4, weight: 4 },
        { label: 'agent4.1', agentId: 'a4', votes: 1, weight: 1 },
      ]),
    });
    expect(events.at(-1)).toMatchObject({ type: 'run-end', stopReason: 'consensus', finalAnswer: 'Final from a1' });
  });

  it.each<[string, TopologySettings, string]>([
    [
      'a ring that shows no neighbour',
      { type: 'ring', neighbors: 0 },
      'topology.neighbors: expected a whole number of at least 1',
    ],
    [
      'tournament matches of one',
      { type: 'tournament', size: 1 },
      'topology.size: expected at least 2 agents per tournament match, got 1',
    ],
  ])(
    'ends the run as a configuration error on %s, which could never show an answer',
    async (_name, topology, message) => {
      const agents = ids.slice(0, 2).map(answerThenVoteFirst);
      const events = await runVote({ agents, settings: { topology } });
      expect(onlyEvent(events, 'run-end').error).toMatchObject({
        code: 'CONFIG_INVALID',
        message: expect.stringContaining(message),
      });
    },
  );
});
