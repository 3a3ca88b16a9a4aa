import type { CoordinationEvent } from '@massgen/core';
import {
  answerTurn,
  createDeferred,
  createScriptedAgent,
  hang,
  newAnswerCall,
  notify,
  textTurn,
  voteTurn,
  waitFor,
} from '@massgen/testing';
import type { ScriptedAgentTurn } from '@massgen/testing';
import { describe, expect, it } from 'vitest';
import { eventsOfType, onlyEvent, promptText } from '@massgen/testing/strategy';
import { expectOnlyEvent } from '@massgen/testing/vitest';
import { offeredLabels } from './test-requests.js';
import { runVote } from './test-context.js';
import { scriptedVoter } from './test-agents.js';

const answerBy = (agentId: string) => (event: CoordinationEvent) =>
  event.type === 'answer' && event.agentId === agentId;

/**
 * alice answers and starts reviewing; bob's answer then interrupts that review while carol
 * is still writing her first answer, which waits for `carolMayAnswer`. All vote for A1.
 */
function heldOffTeam() {
  const aliceReviewing = createDeferred();
  const carolMayAnswer = createDeferred();
  const voter = (id: string, first: ScriptedAgentTurn) =>
    scriptedVoter(id, {
      first,
      then: (_request, index) =>
        id === 'alice' && index === 1
          ? [notify(() => aliceReviewing.resolve()), hang()]
          : voteTurn('agent1', 'A1 holds up'),
    });
  const alice = voter('alice', answerTurn('A1'));
  const bob = voter('bob', [waitFor(aliceReviewing.promise), ...answerTurn('B1')]);
  const carol = voter('carol', [waitFor(carolMayAnswer.promise), ...answerTurn('C1')]);
  return { alice, agents: [alice, bob, carol], carolMayAnswer };
}

describe('vote strategy: new answers and stale views', () => {
  it('invalidates every vote on a new answer and restarts the voters with the current answers', async () => {
    const aliceVoted = createDeferred();
    const bobVoted = createDeferred();
    const alice = createScriptedAgent({
      id: 'alice',
      turns: (request, index) => {
        if (index === 0) return answerTurn('A1');
        const vote = voteTurn(offeredLabels(request).at(-1) as string, 'the newest answer');
        // The restarted turn votes last, so only a dropped old vote keeps bob's vote from settling the run.
        return index === 2 ? [waitFor(bobVoted.promise), ...vote] : vote;
      },
    });
    const bob = scriptedVoter('bob', {
      first: [waitFor(aliceVoted.promise), ...answerTurn('B1')],
      then: voteTurn('agent2', 'mine is better'),
      presents: 'Bob presents',
    });
    // Bob's first turn waits for alice's vote, so it must not be interrupted by her answer.
    const events = await runVote({ agents: [alice, bob], settings: { interrupt_stale_turns: false } }, (event) => {
      if (event.type === 'vote' && event.agentId === 'alice') aliceVoted.resolve();
      if (event.type === 'vote' && event.agentId === 'bob') bobVoted.resolve();
    });

    expect(eventsOfType(events, 'vote').map((vote) => [vote.agentId, vote.targetLabel])).toEqual([
      ['alice', 'agent1.1'],
      ['bob', 'agent2.1'],
      ['alice', 'agent2.1'],
    ]);
    expectOnlyEvent(events, 'restart', {
      agentId: 'alice',
      reason: 'new answer agent2.1 made its vote out of date',
    });
    expect(
      eventsOfType(events, 'agent-start')
        .filter((event) => event.agentId === 'alice')
        .map((event) => event.reason),
    ).toEqual(['initial', 'update', 'restart']);
    expect(promptText(alice.requests[2])).toContain('B1');
    // The invalidated vote no longer counts: agent1.1 ends with none.
    expect(onlyEvent(events, 'consensus').tally.map((entry) => entry.votes)).toEqual([0, 2]);
  });

  it('without interruption, shows a vote from a turn that started before a newer answer as out of date, and restarts that agent', async () => {
    const aliceTurnTwoStarted = createDeferred();
    const bobAnswered = createDeferred();
    const alice = createScriptedAgent({
      id: 'alice',
      turns: [
        answerTurn('A1'),
        [
          notify(() => aliceTurnTwoStarted.resolve()),
          waitFor(bobAnswered.promise),
          ...voteTurn('agent1', 'stale view'),
        ],
        voteTurn('agent2', 'fresh view'),
      ],
    });
    const bob = scriptedVoter('bob', {
      first: [waitFor(aliceTurnTwoStarted.promise), ...answerTurn('B1')],
      then: voteTurn('agent2', 'mine'),
      presents: 'Bob presents',
    });
    const events = await runVote({ agents: [alice, bob], settings: { interrupt_stale_turns: false } }, (event) => {
      if (answerBy('bob')(event)) bobAnswered.resolve();
    });

    expect(alice.abortedTurns).toEqual([]);
    // The late vote is in the stream, marked, for the record and the displays: never silently gone.
    expect(
      eventsOfType(events, 'vote')
        .filter((vote) => vote.agentId === 'alice')
        .map((vote) => [vote.reason, vote.targetLabel, vote.stale === true]),
    ).toEqual([
      ['stale view', 'agent1.1', true],
      ['fresh view', 'agent2.1', false],
    ]);
    expect(onlyEvent(events, 'restart')).toMatchObject({
      agentId: 'alice',
      reason: expect.stringContaining('was cast before newer answers arrived, so it does not count'),
    });
    expect(onlyEvent(events, 'consensus').tally.find((entry) => entry.label === 'agent1.1')?.votes).toBe(0);
    expect(alice.requests).toHaveLength(3);
    expect(onlyEvent(events, 'run-end')).toMatchObject({ stopReason: 'consensus', winnerAgentId: 'bob' });
  });

  it('without interruption, accepts a new answer from a turn that started before a newer answer', async () => {
    const aliceTurnTwoStarted = createDeferred();
    const bobAnswered = createDeferred();
    const alice = scriptedVoter('alice', {
      first: answerTurn('A1'),
      second: [notify(() => aliceTurnTwoStarted.resolve()), waitFor(bobAnswered.promise), ...answerTurn('A2')],
      then: voteTurn('agent1', 'A2 is best'),
      presents: 'Alice presents',
    });
    const bob = createScriptedAgent({
      id: 'bob',
      turns: (request, index) => {
        if (index === 0) return [waitFor(aliceTurnTwoStarted.promise), ...answerTurn('B1')];
        return voteTurn('agent1', 'A2 is best');
      },
    });
    const events = await runVote({ agents: [alice, bob], settings: { interrupt_stale_turns: false } }, (event) => {
      if (answerBy('bob')(event)) bobAnswered.resolve();
    });

    expect(eventsOfType(events, 'answer').map((answer) => answer.label)).toEqual(['agent1.1', 'agent2.1', 'agent1.2']);
    expect(onlyEvent(events, 'consensus')).toMatchObject({ winnerLabel: 'agent1.2', winnerAgentId: 'alice' });
  });

  it('interrupts turns that a new answer made out of date and restarts them in the same round', async () => {
    const aliceReviewing = createDeferred();
    const alice = createScriptedAgent({
      id: 'alice',
      turns: [
        answerTurn('A1'),
        // Reviewing A1 when B1 arrives: out of date, interrupted.
        [notify(() => aliceReviewing.resolve()), hang()],
        voteTurn('agent2', 'B1 is better'),
      ],
    });
    const bob = scriptedVoter('bob', {
      first: [waitFor(aliceReviewing.promise), ...answerTurn('B1')],
      then: voteTurn('agent2', 'mine'),
      presents: 'Bob presents',
    });
    // The time limit only keeps a broken run from hanging the test; it must not be what ends it.
    const events = await runVote({ agents: [alice, bob], settings: { timeoutMs: 10_000 } });

    expect(alice.abortedTurns).toEqual([1]);
    expectOnlyEvent(events, 'restart', {
      agentId: 'alice',
      reason: 'new answer agent2.1 made its turn out of date',
    });
    // The restarted turn replaces the interrupted one: same round, so it does not use up max_rounds.
    const starts = eventsOfType(events, 'agent-start')
      .filter((event) => event.agentId === 'alice')
      .map((event) => [event.round, event.reason]);
    expect(starts).toEqual([
      [1, 'initial'],
      [2, 'update'],
      [2, 'restart'],
    ]);
    expect(promptText(alice.requests[2])).toContain('B1');
    expect(onlyEvent(events, 'run-end')).toMatchObject({ stopReason: 'consensus', winnerAgentId: 'bob' });
  });

  it('leaves a first turn that started before any answer to finish: every agent writes its own first answer', async () => {
    const aliceAnswered = createDeferred();
    const alice = scriptedVoter('alice', {
      first: answerTurn('A1'),
      then: voteTurn('agent1', 'mine'),
      presents: 'Alice presents',
    });
    const bob = createScriptedAgent({
      id: 'bob',
      turns: (request) =>
        offeredLabels(request).length === 0
          ? [waitFor(aliceAnswered.promise), ...answerTurn('B1')]
          : voteTurn('agent1', 'A1 is better'),
    });
    const events = await runVote({ agents: [alice, bob] }, (event) => {
      if (answerBy('alice')(event)) aliceAnswered.resolve();
    });

    expect(bob.abortedTurns).toEqual([]);
    expect(eventsOfType(events, 'answer').map((answer) => answer.label)).toEqual(['agent1.1', 'agent2.1']);
  });

  it('holds an interrupted turn back until no agent is still writing its first answer, unless a threshold may end the run sooner', async () => {
    const requestsWhenCarolAnswered = async (settings: {
      convergence_threshold?: number;
    }): Promise<number | undefined> => {
      const team = heldOffTeam();
      let aliceRequests: number | undefined;
      const events = await runVote({ agents: team.agents, settings: { ...settings, timeoutMs: 10_000 } }, (event) => {
        if (answerBy('bob')(event)) team.carolMayAnswer.resolve();
        if (answerBy('carol')(event)) aliceRequests = team.alice.requests.length;
      });
      expect(team.alice.abortedTurns).toEqual([1]);
      expect(onlyEvent(events, 'run-end').winnerAgentId).toBe('alice');
      return aliceRequests;
    };

    // B1 interrupts alice's review; her restart waits for carol's first answer, then sees all three.
    expect(await requestsWhenCarolAnswered({})).toBe(2);
    expect(await requestsWhenCarolAnswered({ convergence_threshold: 0.99 })).toBe(3);
  });

  it('says once that an interrupted agent waits, and for whom, until it restarts', async () => {
    const team = heldOffTeam();
    const events = await runVote({ agents: team.agents, settings: { timeoutMs: 10_000 } }, (event) => {
      if (event.type === 'agent-waiting') team.carolMayAnswer.resolve();
    });

    expect(eventsOfType(events, 'agent-waiting')).toEqual([
      {
        type: 'agent-waiting',
        agentId: 'alice',
        waitingFor: ['carol'],
        reason: 'new answer agent2.1 made its turn out of date',
      },
    ]);
    const waited = events.findIndex((event) => event.type === 'agent-waiting');
    const restarted = events.findIndex(
      (event, index) => index > waited && event.type === 'agent-start' && event.agentId === 'alice',
    );
    expect(events.findIndex(answerBy('bob'))).toBeLessThan(waited);
    expect(events.findIndex(answerBy('carol'))).toBeLessThan(restarted);
    expect(events[restarted]).toMatchObject({ reason: 'restart', round: 2 });
  });

  it('leaves a turn that has already called new_answer to finish, and accepts its answer', async () => {
    const bobCalled = createDeferred();
    const aliceAnswered = createDeferred();
    const alice = scriptedVoter('alice', {
      first: [waitFor(bobCalled.promise), ...answerTurn('A1')],
      then: voteTurn('agent1', 'mine'),
      presents: 'Alice presents',
    });
    const bob = createScriptedAgent({
      id: 'bob',
      turns: (_request, index) =>
        index === 0
          ? [
              newAnswerCall('B1'),
              notify(() => bobCalled.resolve()),
              waitFor(aliceAnswered.promise),
              { type: 'finish', reason: 'tool-calls' },
            ]
          : voteTurn('agent1', 'A1 is better'),
    });
    const events = await runVote({ agents: [alice, bob] }, (event) => {
      if (answerBy('alice')(event)) aliceAnswered.resolve();
    });

    expect(bob.abortedTurns).toEqual([]);
    expect(eventsOfType(events, 'answer').map((answer) => answer.label)).toEqual(['agent1.1', 'agent2.1']);
    expect(onlyEvent(events, 'run-end')).toMatchObject({ stopReason: 'consensus', winnerAgentId: 'alice' });
  });

  it('lets an agent finish its turn after two interruptions in a row, so a faster teammate cannot starve it', async () => {
    const slowAnswered = createDeferred();
    const fastAnsweredThrice = createDeferred();
    const fast = scriptedVoter('fast', {
      first: [waitFor(slowAnswered.promise), ...answerTurn('First idea here.')],
      then: (_request, index) =>
        index < 3
          ? answerTurn(['', 'Second thought there.', 'Third take anew.'][index] as string)
          : voteTurn('agent2', 'slow found it'),
    });
    const slow = scriptedVoter('slow', {
      first: answerTurn('A quick first answer.'),
      then: (_request, index) => {
        if (index < 3) return [hang()];
        if (index === 3)
          return [waitFor(fastAnsweredThrice.promise), ...answerTurn('A careful second answer, worked out at length.')];
        return voteTurn('agent2', 'mine');
      },
    });
    let fastAnswers = 0;
    const events = await runVote({ agents: [fast, slow], settings: { timeoutMs: 10_000 } }, (event) => {
      if (event.type === 'answer' && event.agentId === 'slow') slowAnswered.resolve();
      if (event.type === 'answer' && event.agentId === 'fast') fastAnswers += 1;
      if (fastAnswers === 3) fastAnsweredThrice.resolve();
    });

    // Interrupted by fast's first and second answers, but not by its third.
    expect(slow.abortedTurns).toEqual([1, 2]);
    expect(eventsOfType(events, 'answer').map((answer) => answer.label)).toEqual([
      'agent2.1',
      'agent1.1',
      'agent1.2',
      'agent1.3',
      'agent2.2',
    ]);
    expect(onlyEvent(events, 'run-end')).toMatchObject({ stopReason: 'consensus', winnerAgentId: 'slow' });
  });

  it('offers only vote once an agent has submitted its maximum number of answers', async () => {
    const eager = createScriptedAgent({
      id: 'eager',
      turns: [answerTurn('E1'), voteTurn('agent1', 'mine'), textTurn('Presented.')],
    });
    const events = await runVote({ agents: [eager], settings: { max_new_answers_per_agent: 1 } });

    expect(eager.requests[1]?.workflowTools.map((tool) => tool.name)).toEqual(['vote']);
    expect(promptText(eager.requests[1])).toContain('new_answer is not available');
    expect(onlyEvent(events, 'run-end').stopReason).toBe('consensus');
  });
});
