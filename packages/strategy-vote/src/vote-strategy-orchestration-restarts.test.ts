import type { ResumedCoordination, TurnRequest } from '@massgen/core';
import { answerTurn, createScriptedAgent, errorPart, textTurn, voteTurn } from '@massgen/testing';
import type { ScriptedAgent, ScriptedAgentTurn } from '@massgen/testing';
import { describe, expect, it } from 'vitest';
import { eventsOfType, onlyEvent, promptText } from '@massgen/testing/strategy';
import { expectOnlyEvent } from '@massgen/testing/vitest';
import { isPresentation, offeredLabels, offeredToolNames } from './test-requests.js';
import { runVote } from './test-context.js';

function isReview(request: TurnRequest): boolean {
  return offeredToolNames(request).includes('restart_orchestration');
}

function restartCall(reason: string, instructions: string): ScriptedAgentTurn {
  return textTurn('', {
    type: 'tool-call',
    id: `restart_${reason.length}`,
    name: 'restart_orchestration',
    input: JSON.stringify({ reason, instructions }),
  });
}

/**
 * Answers while it has no answer of its own in view, then votes for the first answer offered;
 * presents as `Final N from <id>` (N counts its presentations) and reviews with `review(n)`.
 */
function teamMember(id: string, review: (reviewIndex: number) => ScriptedAgentTurn = () => textTurn('Fine.')) {
  let presentations = 0;
  let reviews = 0;
  return createScriptedAgent({
    id,
    turns: (request: TurnRequest) => {
      if (isReview(request)) return review(reviews++);
      if (isPresentation(request)) return textTurn(`Final ${++presentations} from ${id}`);
      const hasOwnAnswer = promptText(request).includes('Your own latest answer');
      return hasOwnAnswer ? voteTurn(offeredLabels(request)[0] as string, 'good') : answerTurn(`Answer of ${id}.`);
    },
  });
}

const restartOnce = (index: number): ScriptedAgentTurn =>
  index === 0 ? restartCall('It leaves out the population.', 'State the population of Paris.') : textTurn('Good now.');

function coordinationRequests(agent: ScriptedAgent): TurnRequest[] {
  return agent.requests.filter((request) => !isReview(request) && !isPresentation(request));
}

describe('vote strategy: orchestration restarts (max_orchestration_restarts)', () => {
  it('restarts on the winner’s call: answers and votes are cleared and every agent’s next prompt opens with the reason, the instructions and the previous answer', async () => {
    const alice = teamMember('alice', restartOnce);
    const bob = teamMember('bob');
    const events = await runVote({ agents: [alice, bob], settings: { max_orchestration_restarts: 1 } });

    expectOnlyEvent(events, 'orchestration-restart', {
      agentId: 'alice',
      attempt: 2,
      maxAttempts: 2,
      reason: 'It leaves out the population.',
      instructions: 'State the population of Paris.',
      previousAnswer: 'Final 1 from alice',
    });
    const restartAt = events.findIndex((event) => event.type === 'orchestration-restart');
    // The restarted attempt's answer was never final: the only `final` comes after the restart.
    expect(events.findIndex((event) => event.type === 'final')).toBeGreaterThan(restartAt);
    for (const agent of [alice, bob]) {
      const opensWithRestart = coordinationRequests(agent).map((request) =>
        (request.messages[1]?.content as string).startsWith('<orchestration_restart>'),
      );
      // Every prompt from the restart on opens with it; none before.
      const firstIndex = opensWithRestart.indexOf(true);
      expect(firstIndex).toBeGreaterThan(0);
      expect(opensWithRestart.slice(firstIndex).every(Boolean)).toBe(true);
      expect(opensWithRestart.slice(0, firstIndex).some(Boolean)).toBe(false);
      const firstOfAttempt2 = coordinationRequests(agent)[firstIndex] as TurnRequest;
      const userMessage = firstOfAttempt2.messages[1]?.content as string;
      for (const expected of [
        'attempt 2 of 2',
        'It leaves out the population.',
        'State the population of Paris.',
        'Final 1 from alice',
      ])
        expect(userMessage).toContain(expected);
      // Cleared: nothing to vote for, no current answers, rounds count from 1 again.
      expect(offeredToolNames(firstOfAttempt2)).toEqual(['new_answer']);
      expect(userMessage).toContain('No agent has submitted an answer yet.');
    }
    // The second presentation is told why the attempt began too.
    const presentations = alice.requests.filter(isPresentation);
    expect(presentations).toHaveLength(2);
    expect(promptText(presentations[0])).not.toContain('<orchestration_restart>');
    expect(promptText(presentations[1])).toContain('State the population of Paris.');
    const afterRestart = events.slice(restartAt);
    expect(eventsOfType(afterRestart, 'round')[0]).toEqual({ type: 'round', round: 1 });
    expect(eventsOfType(afterRestart, 'answer').map((event) => event.label)).toEqual(['agent1.1', 'agent2.1']);
    const [firstConsensus, secondConsensus] = eventsOfType(events, 'consensus');
    expect(firstConsensus?.tally).toEqual(secondConsensus?.tally);
    expect(secondConsensus?.tally.reduce((sum, entry) => sum + entry.votes, 0)).toBe(2);
    const end = onlyEvent(events, 'run-end');
    expect(end).toMatchObject({ stopReason: 'consensus', winnerAgentId: 'alice', finalAnswer: 'Final 2 from alice' });
  });

  it('offers the review only while restarts are left: the last attempt ends without one', async () => {
    const alice = teamMember('alice', (index) => restartCall(`Still short (${index + 1}).`, 'Try harder.'));
    const bob = teamMember('bob');
    const events = await runVote({ agents: [alice, bob], settings: { max_orchestration_restarts: 2 } });

    expect(eventsOfType(events, 'orchestration-restart').map(({ attempt, reason }) => ({ attempt, reason }))).toEqual([
      { attempt: 2, reason: 'Still short (1).' },
      { attempt: 3, reason: 'Still short (2).' },
    ]);
    expect(alice.requests.filter(isReview)).toHaveLength(2);
    expect(bob.requests.filter(isReview)).toHaveLength(0);
    const review = alice.requests.find(isReview) as TurnRequest;
    expect(offeredToolNames(review)).toEqual(['submit', 'restart_orchestration']);
    expect(promptText(review)).toContain('Final 1 from alice');
    expect(promptText(review)).toContain('attempt 1 of 3');
    expect(onlyEvent(events, 'run-end').finalAnswer).toBe('Final 3 from alice');
  });

  it('submits when the winner makes no call, and offers no review at all without the key', async () => {
    const reviewed = teamMember('alice', () => textTurn('It answers the question.'));
    const events = await runVote({
      agents: [reviewed, teamMember('bob')],
      settings: { max_orchestration_restarts: 3 },
    });
    expect(eventsOfType(events, 'orchestration-restart')).toEqual([]);
    expect(reviewed.requests.filter(isReview)).toHaveLength(1);
    expect(eventsOfType(events, 'warning')).toEqual([]);
    expect(onlyEvent(events, 'run-end').finalAnswer).toBe('Final 1 from alice');

    const plain = teamMember('alice', restartOnce);
    const plainEvents = await runVote({ agents: [plain, teamMember('bob')] });
    expect(plain.requests.filter(isReview)).toEqual([]);
    expect(eventsOfType(plainEvents, 'orchestration-restart')).toEqual([]);
  });

  it('submits, and says why, when the review fails or its restart call cannot be read', async () => {
    const failing = teamMember('alice', () =>
      textTurn('', errorPart({ code: 'BACKEND_OVERLOADED', message: 'overloaded' })),
    );
    const failed = await runVote({ agents: [failing, teamMember('bob')], settings: { max_orchestration_restarts: 1 } });
    expect(eventsOfType(failed, 'orchestration-restart')).toEqual([]);
    expect(onlyEvent(failed, 'warning').warning.message).toContain('the review failed (overloaded)');
    expect(onlyEvent(failed, 'run-end').finalAnswer).toBe('Final 1 from alice');

    const vague = teamMember('alice', () => restartCall(' ', 'Do better.'));
    const unread = await runVote({ agents: [vague, teamMember('bob')], settings: { max_orchestration_restarts: 1 } });
    expect(eventsOfType(unread, 'orchestration-restart')).toEqual([]);
    expect(onlyEvent(unread, 'warning').warning.message).toMatch(/restart_orchestration call could not be used/);
  });

  it('goes on with the attempt a resumed record was in: its restart in every prompt, and no review when it is the last', async () => {
    const alice = teamMember('alice', restartOnce);
    const bob = teamMember('bob');
    const resume: ResumedCoordination = {
      answers: [],
      votes: [],
      agents: [
        { agentId: 'alice', turnsStarted: 0, turnsCompleted: 0 },
        { agentId: 'bob', turnsStarted: 0, turnsCompleted: 0 },
      ],
      round: 0,
      orchestrationRestart: {
        agentId: 'alice',
        attempt: 2,
        maxAttempts: 2,
        reason: 'Too vague.',
        instructions: 'Name the river.',
        previousAnswer: 'It is a city.',
      },
    };
    const events = await runVote({ agents: [alice, bob], settings: { max_orchestration_restarts: 1 }, resume });

    for (const agent of [alice, bob])
      for (const expected of ['attempt 2 of 2', 'Too vague.', 'Name the river.', 'It is a city.'])
        expect(promptText(coordinationRequests(agent)[0])).toContain(expected);
    expect(alice.requests.filter(isReview)).toEqual([]);
    expect(onlyEvent(events, 'run-end').finalAnswer).toBe('Final 1 from alice');
  });
});
