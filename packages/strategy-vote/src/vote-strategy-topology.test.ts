import type { TurnRequest } from '@massgen/core';
import { createScriptedAgent, newAnswerCall, textTurn, voteCall } from '@massgen/testing';
import type { ScriptedAgent } from '@massgen/testing';
import { describe, expect, it } from 'vitest';
import {
  collectEvents,
  createTestContext,
  eventsOfType,
  isPresentation,
  offeredLabels,
  onlyEvent,
} from './test-context.js';
import { createVoteStrategy } from './vote-strategy.js';

/** Answers in its first turn; afterwards votes for the first answer it is offered. */
function answerThenVoteFirst(id: string): ScriptedAgent {
  return createScriptedAgent({
    id,
    turns: (request: TurnRequest, index: number) => {
      if (isPresentation(request)) return textTurn(`Final from ${id}`);
      if (index === 0) return textTurn('', newAnswerCall(`Answer of ${id}.`));
      return textTurn('', voteCall(offeredLabels(request)[0] ?? 'agent1', 'first I was shown'));
    },
  });
}

/** The labels of every turn in which the agent could vote, in order. */
function votingViews(agent: ScriptedAgent): string[][] {
  return agent.requests
    .filter((request) => !isPresentation(request))
    .map(offeredLabels)
    .filter((labels) => labels.length > 0);
}

const ids = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'];

describe('vote strategy: topology', () => {
  it('ring: each agent sees and votes among its own answer and its nearest peers; the most-voted answer wins', async () => {
    const agents = ids.map(answerThenVoteFirst);
    const events = await collectEvents(
      createVoteStrategy(),
      createTestContext({ agents, settings: { topology: { type: 'ring', neighbors: 2 } } }),
    );

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
    const events = await collectEvents(
      createVoteStrategy(),
      createTestContext({ agents, settings: { topology: { type: 'top_k', k: 1 } } }),
    );

    const [first] = eventsOfType(events, 'answer');
    if (first === undefined) throw new Error('no answer was submitted');
    for (const agent of agents) {
      const last = votingViews(agent).at(-1) ?? [];
      expect(last.length).toBeLessThanOrEqual(2);
      expect(last).toContain(first.label.split('.')[0]);
    }
    expect(onlyEvent(events, 'consensus')).toMatchObject({ winnerAgentId: first.agentId, stopReason: 'consensus' });
  });

  it('ends the run as a configuration error on a topology parameter that could never show an answer', async () => {
    const agents = ids.slice(0, 2).map(answerThenVoteFirst);
    const context = createTestContext({ agents, settings: { topology: { type: 'ring', neighbors: 0 } } });
    const events = await collectEvents(createVoteStrategy(), context);
    expect(onlyEvent(events, 'run-end').error).toMatchObject({
      code: 'CONFIG_INVALID',
      message: expect.stringContaining('topology.neighbors must be a whole number of at least 1 (got 0)'),
    });
  });
});
