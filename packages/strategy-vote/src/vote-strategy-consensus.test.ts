import type { CoordinationEvent, TurnRequest } from '@massgen/core';
import { answerTurn, createDeferred, newAnswerCall, textTurn, voteTurn, waitFor } from '@massgen/testing';
import type { ScriptedAgent } from '@massgen/testing';
import { describe, expect, it } from 'vitest';
import { eventsOfType, onlyEvent, promptText } from '@massgen/testing/strategy';
import { expectOnlyEvent } from '@massgen/testing/vitest';
import { isPresentation, offeredLabels, offeredToolNames } from './test-requests.js';
import { runVote } from './test-context.js';
import { scriptedVoter } from './test-agents.js';

/**
 * One agent for each entry of `answers` (agent id to answer), in order. Each answers in its first
 * turn; afterwards it votes for `target` once every answer is offered.
 */
function teamAgreeingOn(target: string, answers: Record<string, string>): ScriptedAgent[] {
  const expected = Object.keys(answers).length;
  return Object.entries(answers).map(([id, answer]) =>
    scriptedVoter(id, {
      first: textTurn(`${id} thinks.`, newAnswerCall(answer)),
      then: (request) => {
        const labels = offeredLabels(request);
        const choice = labels.length >= expected ? target : (labels[0] ?? target);
        return voteTurn(choice, `${choice} looks right`);
      },
      presents: `Final from ${id}`,
    }),
  );
}

describe('vote strategy: consensus', () => {
  it('lets three agents answer and vote until they agree, then the winner presents', async () => {
    const agents = teamAgreeingOn('agent2', { alice: 'Paris.', bob: 'Paris, on the Seine.', carol: 'Lyon.' });
    const events = await runVote({ agents });

    expect(events[0]).toMatchObject({ type: 'run-start', strategy: 'vote', task: 'What is the capital of France?' });
    expect(events.at(-1)).toEqual({
      type: 'run-end',
      stopReason: 'consensus',
      winnerAgentId: 'bob',
      finalAnswer: 'Final from bob',
    });
    expect(eventsOfType(events, 'run-start')).toHaveLength(1);
    expect(eventsOfType(events, 'run-end')).toHaveLength(1);
    expectOnlyEvent(events, 'consensus', {
      winnerAgentId: 'bob',
      winnerLabel: 'agent2.1',
      stopReason: 'consensus',
      tally: [
        { label: 'agent1.1', agentId: 'alice', votes: 0, weight: 0 },
        { label: 'agent2.1', agentId: 'bob', votes: 3, weight: 3 },
        { label: 'agent3.1', agentId: 'carol', votes: 0, weight: 0 },
      ],
    });
    expect(eventsOfType(events, 'final-delta')).toEqual([
      { type: 'final-delta', agentId: 'bob', text: 'Final from bob' },
    ]);
    expectOnlyEvent(events, 'final', {
      agentId: 'bob',
      label: 'agent2.final',
      content: 'Final from bob',
    });
    expect(eventsOfType(events, 'answer').map((event) => [event.agentId, event.label, event.content])).toEqual([
      ['alice', 'agent1.1', 'Paris.'],
      ['bob', 'agent2.1', 'Paris, on the Seine.'],
      ['carol', 'agent3.1', 'Lyon.'],
    ]);
    expect(eventsOfType(events, 'agent-delta')).toContainEqual({
      type: 'agent-delta',
      agentId: 'carol',
      kind: 'text',
      text: 'carol thinks.',
    });
  });

  it('requests every first turn before handling any result', async () => {
    const agents = teamAgreeingOn('agent1', { alice: 'A', bob: 'B', carol: 'C' });
    const events = await runVote({ agents });

    // No agent saw another's answer in its first turn, so none was offered a vote.
    for (const agent of agents) expect(offeredToolNames(agent.requests[0] as TurnRequest)).toEqual(['new_answer']);
    expect(events.slice(1, 5)).toEqual([
      { type: 'round', round: 1 },
      { type: 'agent-start', agentId: 'alice', round: 1, attempt: 1, reason: 'initial' },
      { type: 'agent-start', agentId: 'bob', round: 1, attempt: 1, reason: 'initial' },
      { type: 'agent-start', agentId: 'carol', round: 1, attempt: 1, reason: 'initial' },
    ]);
  });

  it('shows other agents only anonymous labels, never real ids', async () => {
    const agents = teamAgreeingOn('agent1', { 'alice-secret-id': 'Answer one', 'bob-secret-id': 'Answer two' });
    const events = await runVote({ agents });

    expect(onlyEvent(events, 'run-end').winnerAgentId).toBe('alice-secret-id');
    const [alice, bob] = agents as [ScriptedAgent, ScriptedAgent];
    const lastCoordination = (agent: ScriptedAgent): TurnRequest =>
      agent.requests.filter((request) => !isPresentation(request)).at(-1) as TurnRequest;
    expect(offeredLabels(lastCoordination(alice))).toEqual(['agent1', 'agent2']);
    expect(promptText(lastCoordination(alice))).toContain('<answer label="agent2">\nAnswer two\n</answer>');
    expect(promptText(lastCoordination(bob))).toContain('Your label is agent2.');
    for (const request of [...alice.requests, ...bob.requests]) {
      const text = JSON.stringify(request);
      expect(text).not.toContain('alice-secret-id');
      expect(text).not.toContain('bob-secret-id');
    }
    expect(
      eventsOfType(events, 'vote').every(
        (vote) => vote.targetLabel === 'agent1.1' && vote.targetAgentId === 'alice-secret-id',
      ),
    ).toBe(true);
  });

  it('breaks a tie in favour of the agent listed first, even when it answered second', async () => {
    const bobAnswered = createDeferred();
    const alice = scriptedVoter('alice', {
      first: [waitFor(bobAnswered.promise), ...answerTurn('A')],
      then: voteTurn('agent2', 'bob is right'),
      presents: 'Alice presents',
    });
    const bob = scriptedVoter('bob', {
      first: answerTurn('B'),
      then: (request) => voteTurn(offeredLabels(request).length === 2 ? 'agent1' : 'agent2', 'fine'),
      presents: 'Bob presents',
    });
    // Alice's first turn must finish after bob's answer instead of being interrupted by it.
    const events = await runVote({ agents: [alice, bob], settings: { interrupt_stale_turns: false } }, (event) => {
      if (event.type === 'answer' && event.agentId === 'bob') bobAnswered.resolve();
    });

    const consensus = onlyEvent(events, 'consensus');
    expect(consensus.tally.map((entry) => [entry.agentId, entry.votes])).toEqual([
      ['alice', 1],
      ['bob', 1],
    ]);
    expect(consensus.winnerAgentId).toBe('alice');
    expect(onlyEvent(events, 'final').content).toBe('Alice presents');
  });

  it('lets a single agent reach consensus by voting for its own answer', async () => {
    const agents = teamAgreeingOn('agent1', { solo: 'Only answer' });
    const events = await runVote({ agents });

    expect(onlyEvent(events, 'vote')).toMatchObject({
      agentId: 'solo',
      targetAgentId: 'solo',
      targetLabel: 'agent1.1',
    });
    expect(onlyEvent(events, 'run-end')).toMatchObject({
      stopReason: 'consensus',
      winnerAgentId: 'solo',
      finalAnswer: 'Final from solo',
    });
    expect(agents[0]?.requests).toHaveLength(3);
  });

  it('weighs votes by confidence under weighted_by_confidence, and counts heads under majority', async () => {
    const voter = (id: string, answer: string, target: string, confidence: number): ScriptedAgent =>
      scriptedVoter(id, {
        first: answerTurn(answer),
        then: (request) => {
          const labels = offeredLabels(request);
          return voteTurn(labels.length === 3 ? target : (labels[0] as string), 'reason', confidence);
        },
      });
    const team = (): ScriptedAgent[] => [
      voter('alice', 'A', 'agent1', 0.2),
      voter('bob', 'B', 'agent1', 0.3),
      voter('carol', 'C', 'agent3', 0.9),
    ];
    const winnerUnder = async (votingMethod: 'majority' | 'weighted_by_confidence'): Promise<CoordinationEvent> => {
      const events = await runVote({ agents: team(), settings: { voting_method: votingMethod } });
      return onlyEvent(events, 'consensus');
    };

    expect(await winnerUnder('majority')).toMatchObject({ winnerAgentId: 'alice' });
    const events = await runVote({ agents: team(), settings: { voting_method: 'weighted_by_confidence' } });
    // Every vote is an event with its reason and stated confidence.
    expect(
      eventsOfType(events, 'vote').map((vote) => [vote.agentId, vote.targetLabel, vote.reason, vote.confidence]),
    ).toEqual([
      ['alice', 'agent1.1', 'reason', 0.2],
      ['bob', 'agent1.1', 'reason', 0.3],
      ['carol', 'agent3.1', 'reason', 0.9],
    ]);
    const weighted = await winnerUnder('weighted_by_confidence');
    expect(weighted).toMatchObject({ winnerAgentId: 'carol', winnerLabel: 'agent3.1' });
    expect(weighted).toHaveProperty('tally.0.weight', 0.5);
    expect(weighted).toHaveProperty('tally.2.weight', 0.9);
  });
});
