import type { TurnRequest } from '@massgen/core';
import { answerTurn, createScriptedAgent, textTurn, voteTurn } from '@massgen/testing';
import { describe, expect, it } from 'vitest';
import { eventsOfType } from '@massgen/testing/strategy';
import { votingSensitivitySections } from './coordination-prompt.js';
import { isPresentation, offeredLabels } from './test-requests.js';
import { runVote } from './test-context.js';
import type { TestContextOptions } from './test-context.js';

/** Answers first, then votes for agent2; records every request it gets. */
function member(id: string, requests: TurnRequest[]) {
  return createScriptedAgent({
    id,
    turns: (request: TurnRequest, index: number) => {
      requests.push(request);
      if (isPresentation(request)) return textTurn(`Presented by ${id}`);
      if (index === 0) return answerTurn(`Answer of ${id}`);
      const labels = offeredLabels(request);
      return voteTurn(labels.includes('agent2') ? 'agent2' : labels[0]!, 'best');
    },
  });
}

async function runTeam(settings: TestContextOptions['settings'], agentKeys?: TestContextOptions['agentKeys']) {
  const requests: Record<string, TurnRequest[]> = { alice: [], bob: [] };
  const agents = ['alice', 'bob'].map((id) => member(id, requests[id]!));
  const events = await runVote({ agents, settings, ...(agentKeys === undefined ? {} : { agentKeys }) });
  const systemOf = (request: TurnRequest | undefined) => (request?.messages[0]?.content as string | undefined) ?? '';
  return { requests, events, systemOf };
}

describe('vote strategy: voting_sensitivity', () => {
  it("tells each agent when to vote: the team's sensitivity, an agent's own override, nothing more for balanced", async () => {
    const { requests, systemOf } = await runTeam(
      { voting_sensitivity: 'strict' },
      { alice: { voting_sensitivity: 'lenient' } },
    );
    const aliceTurns = requests['alice']!.filter((request) => !isPresentation(request));
    const bobTurns = requests['bob']!.filter((request) => !isPresentation(request));
    for (const request of aliceTurns) expect(systemOf(request)).toContain(votingSensitivitySections.lenient);
    for (const request of bobTurns) expect(systemOf(request)).toContain(votingSensitivitySections.strict);
    expect(systemOf(aliceTurns[0])).not.toContain('Be demanding');

    const balanced = await runTeam({});
    for (const request of [...balanced.requests['alice']!, ...balanced.requests['bob']!])
      expect(systemOf(request)).not.toContain('## When to vote');
  });

  it('refuses a sensitivity it does not know, from a programmatic caller', async () => {
    const { events } = await runTeam({}, { bob: { voting_sensitivity: 'picky' as never } });
    expect(events.at(-1)).toMatchObject({
      type: 'run-end',
      stopReason: 'error',
      error: {
        message: expect.stringContaining(
          'agent "bob".voting_sensitivity: expected one of "lenient", "balanced", "strict"',
        ),
      },
    });
  });
});

describe('vote strategy: final answer strategies', () => {
  it('winner_present (the default): the winner presents its own answer with the others in view', async () => {
    const { requests, events, systemOf } = await runTeam({});
    const presentation = requests['bob']!.find(isPresentation);
    expect(systemOf(presentation)).toContain('Start from your own answer');
    expect(events.at(-1)).toMatchObject({ stopReason: 'consensus', finalAnswer: 'Presented by bob' });
  });

  it('synthesize: the winner is asked to merge the best of every answer', async () => {
    const { requests, events, systemOf } = await runTeam({ final_answer_strategy: 'synthesize' });
    const presentation = requests['bob']!.find(isPresentation);
    expect(systemOf(presentation)).toContain('as a synthesis of all of them');
    expect(systemOf(presentation)).not.toContain('Start from your own answer');
    const prompt = JSON.stringify(presentation?.messages);
    expect(prompt).toContain('Answer of alice');
    expect(prompt).toContain('Answer of bob');
    expect(events.at(-1)).toMatchObject({ finalAnswer: 'Presented by bob' });
  });

  it('winner_reuse: the winning answer is the final answer as it is, with no presentation call', async () => {
    const { requests, events } = await runTeam({ final_answer_strategy: 'winner_reuse' });
    expect([...requests['alice']!, ...requests['bob']!].filter(isPresentation)).toEqual([]);
    expect(eventsOfType(events, 'final-delta')).toEqual([]);
    expect(events.at(-1)).toMatchObject({
      stopReason: 'consensus',
      winnerAgentId: 'bob',
      finalAnswer: 'Answer of bob',
    });
  });
});
