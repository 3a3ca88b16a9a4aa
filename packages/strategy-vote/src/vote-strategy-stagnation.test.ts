import type { TurnRequest } from '@massgen/core';
import { answerTurn, createDeferred, createScriptedAgent, textTurn, voteTurn, waitFor } from '@massgen/testing';
import type { ScriptedAgent } from '@massgen/testing';
import { describe, expect, it } from 'vitest';
import { eventsOfType, onlyEvent, promptText } from '@massgen/testing/strategy';
import { expectFinalAnswer, expectOnlyEvent } from '@massgen/testing/vitest';
import { isPresentation, offeredLabels } from './test-requests.js';
import { runVote } from './test-context.js';
import { scriptedVoter } from './test-agents.js';

/** The same words in another order each time: never novel after the first. */
const restatements = [
  'Paris is the capital of France.',
  'The capital of France is Paris.',
  'Of France, the capital is Paris.',
  'Is Paris the capital of France?',
  'The capital is Paris, of France.',
  'France: of it, the capital is Paris.',
];

/**
 * Restates its answer every turn until it is told the team is stuck and shown a fresh view,
 * then votes for the first answer on offer.
 */
function restater(id: string, options: { votesOnFreshStart: boolean }): ScriptedAgent {
  return createScriptedAgent({
    id,
    turns: (request: TurnRequest, index: number) => {
      if (isPresentation(request)) return textTurn(`${id} presents`);
      if (options.votesOnFreshStart && promptText(request).includes('clean slate')) {
        return voteTurn(offeredLabels(request)[0] as string, 'the leading answer holds up');
      }
      return answerTurn(restatements[index % restatements.length] as string);
    },
  });
}

const warningsOf = (events: Parameters<typeof eventsOfType>[0]) =>
  eventsOfType(events, 'warning').map((event) => event.warning);

/** Answers, restates its answer in other words, then votes for its first and presents. */
function restatingSolo(): ScriptedAgent {
  return createScriptedAgent({
    id: 'solo',
    turns: [
      answerTurn('Paris is the capital of France.'),
      answerTurn('The capital of France is Paris.'),
      voteTurn('agent1', 'nothing to add'),
      textTurn('Presented.'),
    ],
  });
}

describe('vote strategy: stagnation', () => {
  it('after N rounds without a novel answer broadcasts a coordination prompt, then restarts the stuck agent from the leading answers', async () => {
    const solo = restater('solo', { votesOnFreshStart: true });
    const settings = { restart_after_stagnation: 1, maxRounds: 8 };
    const events = await runVote({ agents: [solo], settings });

    // Round 1 is novel; round 2 only restates (stalled 1 round): the prompt goes out.
    expect(warningsOf(events)).toEqual([
      expect.objectContaining({
        code: 'coordination-stalled',
        message: expect.stringContaining('in the last 1 round;'),
      }),
    ]);
    const coordination = solo.requests.filter((request) => !isPresentation(request));
    expect(promptText(coordination[1])).not.toContain('The team is stuck');
    expect(promptText(coordination[2])).toContain('The team is stuck: for 1 round no agent submitted an answer');
    // Round 3 restates again despite the prompt: the agent restarts from a fresh context.
    expectOnlyEvent(events, 'restart', {
      agentId: 'solo',
      reason:
        'no novel answer in 2 rounds, even after the coordination prompt: restarted from a fresh context with the leading answers',
    });
    const fresh = coordination[3] as TurnRequest;
    expect(promptText(fresh)).toContain('You are starting over from a clean slate');
    expect(promptText(fresh)).toContain('<answer label="agent1">\nOf France, the capital is Paris.\n</answer>');
    expect(eventsOfType(events, 'agent-start').at(-1)).toMatchObject({ agentId: 'solo', reason: 'restart', round: 4 });
    expect(onlyEvent(events, 'run-end')).toMatchObject({ stopReason: 'consensus', finalAnswer: 'solo presents' });
  });

  it('neither prompts nor restarts when restarts are disabled', async () => {
    const solo = restater('solo', { votesOnFreshStart: true });
    const settings = { restart_after_stagnation: 1, enable_restarts: false, maxRounds: 4 };
    const events = await runVote({ agents: [solo], settings });

    expect(warningsOf(events).map((warning) => warning.code)).toEqual(['setting-without-effect']);
    expect(eventsOfType(events, 'restart')).toEqual([]);
    expect(solo.requests.some((request) => promptText(request).includes('The team is stuck'))).toBe(false);
    expect(eventsOfType(events, 'answer')).toHaveLength(4);
    expect(onlyEvent(events, 'run-end').stopReason).toBe('max-rounds');
  });

  it('starts over when a novel answer ends the stall', async () => {
    const answers = [
      'Paris is the capital of France.',
      'The capital of France is Paris.',
      'Lyon is the silk capital of Europe.',
      'Europe has Lyon as the silk capital.',
    ];
    const solo = createScriptedAgent({
      id: 'solo',
      turns: (request, index) =>
        isPresentation(request) ? textTurn('Presented.') : answerTurn(answers[index] as string),
    });
    const settings = { restart_after_stagnation: 1, maxRounds: 4 };
    const events = await runVote({ agents: [solo], settings });

    // Stalled after round 2; round 3 is novel, so round 4's restatement starts the ladder over.
    expect(warningsOf(events).map((warning) => warning.code)).toEqual(['coordination-stalled']);
    expect(promptText(solo.requests[2])).toContain('The team is stuck');
    expect(promptText(solo.requests[3])).not.toContain('The team is stuck');
    expect(eventsOfType(events, 'restart')).toEqual([]);
  });

  it('stops with plateau after the configured rounds without a novel answer, and the leader presents', async () => {
    const solo = restater('solo', { votesOnFreshStart: false });
    const events = await runVote({ agents: [solo], settings: { plateau_rounds: 2, maxRounds: 10 } });

    expect(eventsOfType(events, 'answer')).toHaveLength(3);
    expect(onlyEvent(events, 'consensus')).toMatchObject({ stopReason: 'plateau', winnerLabel: 'agent1.3' });
    expectFinalAnswer(events, {
      stopReason: 'plateau',
      agentId: 'solo',
      label: 'agent1.final',
      content: 'solo presents',
    });
  });

  it('counts rounds across the team: a round ends only when every live agent has finished it', async () => {
    // Bob restates again and again while alice is still on her first turn; no round has ended,
    // so the team has not plateaued, however often bob alone repeats himself.
    const bobRestatedFourTimes = createDeferred();
    const alice = scriptedVoter('alice', {
      first: [waitFor(bobRestatedFourTimes.promise), ...answerTurn('Lyon is the silk capital of Europe.')],
      then: voteTurn('agent1', 'my answer is new'),
    });
    const bob = restater('bob', { votesOnFreshStart: false });
    const settings = { plateau_rounds: 2, maxRounds: 12 };
    let bobAnswers = 0;
    const events = await runVote({ agents: [alice, bob], settings }, (event) => {
      if (event.type === 'answer' && event.agentId === 'bob') bobAnswers += 1;
      if (bobAnswers === 4) bobRestatedFourTimes.resolve();
    });

    const answers = eventsOfType(events, 'answer');
    expect(answers.findIndex((answer) => answer.agentId === 'alice')).toBeGreaterThanOrEqual(4);
    expect(onlyEvent(events, 'run-end').stopReason).toBe('plateau');
  });

  it('refuses answers that repeat an earlier one under a novelty requirement, with feedback that costs an attempt', async () => {
    const solo = restatingSolo();
    const events = await runVote({ agents: [solo], settings: { answer_novelty_requirement: 'balanced' } });

    expect(eventsOfType(events, 'answer')).toHaveLength(1);
    expect(onlyEvent(events, 'agent-error')).toMatchObject({
      attempt: 1,
      willRetry: true,
      error: { code: 'WORKFLOW_VIOLATION', message: expect.stringContaining('repeats answer agent1.1') },
    });
    expect(eventsOfType(events, 'agent-start').map((event) => [event.round, event.attempt, event.reason])).toEqual([
      [1, 1, 'initial'],
      [2, 1, 'update'],
      [2, 2, 'retry'],
    ]);
    expect(promptText(solo.requests[2])).toContain('share 100% of their words, and this run accepts at most 70%');
    expect(onlyEvent(events, 'run-end')).toMatchObject({ stopReason: 'consensus', finalAnswer: 'Presented.' });
  });

  it('accepts a restated answer under the lenient requirement', async () => {
    const solo = restatingSolo();
    const events = await runVote({ agents: [solo], settings: { answer_novelty_requirement: 'lenient' } });

    expect(eventsOfType(events, 'answer').map((event) => event.label)).toEqual(['agent1.1', 'agent1.2']);
    expect(eventsOfType(events, 'agent-error')).toEqual([]);
  });
});
