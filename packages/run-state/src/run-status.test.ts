import { describe, expect, it } from 'vitest';
import type { CoordinationEvent } from '@massgen/core';
import {
  answerEvent,
  consensusOf,
  fixtureStart,
  runStart,
  runStatusOf,
  tallyEntry,
  voteEvent,
} from './run-event-fixtures.js';

const twoAgents = runStart(['alpha', 'beta'], 'q');

describe('reduceRunStatus', () => {
  it('starts a new attempt on an orchestration restart: answers, votes, rounds and the winner cleared, spending kept', () => {
    const status = runStatusOf([
      twoAgents,
      { type: 'round', round: 1 },
      answerEvent('alpha', 'agent1.1'),
      voteEvent('beta', 'alpha', 'agent1.1', { reason: 'fine' }),
      { type: 'usage', agentId: 'alpha', usage: { inputTokens: 10, outputTokens: 5 } },
      { type: 'consensus', winnerAgentId: 'alpha', winnerLabel: 'agent1.1', tally: [], stopReason: 'consensus' },
      {
        type: 'orchestration-restart',
        agentId: 'alpha',
        attempt: 2,
        maxAttempts: 3,
        reason: 'too short',
        instructions: 'say more',
        previousAnswer: 'x',
      },
    ]);
    expect(status).toMatchObject({
      round: 0,
      answers: [],
      votes: [],
      attempt: { number: 2, of: 3, reason: 'too short' },
    });
    expect(status.winnerAgentId).toBeUndefined();
    expect(status.agents['alpha']).toMatchObject({ state: 'waiting', answers: 0, vote: null });
    expect(status.agents['alpha']?.usage).toEqual({ inputTokens: 10, outputTokens: 5 });
    expect(status.agents['beta']).toMatchObject({ state: 'waiting', vote: null });
  });

  it('marks an agent the run ended on mid-turn stopped, never working for good', () => {
    const status = runStatusOf([
      twoAgents,
      { type: 'agent-start', agentId: 'alpha', round: 1, attempt: 1, reason: 'initial' },
      { type: 'agent-start', agentId: 'beta', round: 1, attempt: 1, reason: 'initial' },
      answerEvent('alpha', 'A1.1'),
      { type: 'run-end', stopReason: 'cancelled' },
    ]);
    expect(status.agents['alpha']?.state).toBe('answered');
    expect(status.agents['beta']?.state).toBe('stopped');
  });

  it('clears every vote when a new answer arrives', () => {
    const status = runStatusOf([
      twoAgents,
      answerEvent('alpha', 'A1.1'),
      voteEvent('beta', 'alpha', 'A1.1', { reason: 'fine' }),
      answerEvent('beta', 'A2.1', { content: 'y' }),
    ]);
    expect(status.agents['beta']).toMatchObject({ state: 'answered', answers: 1, vote: null });
    expect(status.answers.map((answer) => answer.label)).toEqual(['A1.1', 'A2.1']);
  });

  it('keeps a vote a later answer made out of date, marked stale with that answer, never as current', () => {
    const status = runStatusOf([
      twoAgents,
      answerEvent('alpha', 'A1.1'),
      voteEvent('beta', 'alpha', 'A1.1', { reason: 'fine', round: 2 }),
      answerEvent('alpha', 'A1.2', { content: 'y', round: 2 }),
      // Cast on the answers before A1.2: out of date when it arrives.
      voteEvent('alpha', 'alpha', 'A1.1', { reason: 'late', round: 2, stale: true }),
    ]);
    const outdated = { targetAgentId: 'alpha', targetLabel: 'A1.1', round: 2, stale: true, outdatedBy: 'A1.2' };
    expect(status.votes).toEqual([
      { agentId: 'beta', reason: 'fine', ...outdated },
      { agentId: 'alpha', reason: 'late', ...outdated },
    ]);
    expect(status.agents['beta']?.vote).toBeNull();
    expect(status.agents['alpha']).toMatchObject({ state: 'answered', vote: null });
  });

  it('keeps the failure that dropped an agent, and never calls a dropped winner a presenter', () => {
    const failure = { code: 'BACKEND_OVERLOADED' as const, message: 'Overloaded.', retryable: true, attempts: 3 };
    const status = runStatusOf([
      twoAgents,
      answerEvent('alpha', 'A1.1'),
      { type: 'agent-killed', agentId: 'alpha', reason: 'Agent "alpha" was dropped', error: failure },
      { type: 'agent-killed', agentId: 'beta', reason: 'Agent "beta" was dropped', error: failure },
      { type: 'consensus', winnerAgentId: 'alpha', winnerLabel: 'A1.1', tally: [], stopReason: 'all-agents-failed' },
      { type: 'final', agentId: 'alpha', label: 'A1.1', content: 'x' },
    ]);
    expect(status.agents['alpha']).toMatchObject({ state: 'failed', error: failure });
  });

  it('tells a presented final answer from an answer that stands as submitted', () => {
    const presented = runStatusOf([
      twoAgents,
      answerEvent('alpha', 'A1.1'),
      { type: 'final', agentId: 'alpha', label: 'A1.final', content: 'x!' },
    ]);
    expect(presented.agents['alpha']?.state).toBe('done');
    const asSubmitted = runStatusOf([
      twoAgents,
      answerEvent('alpha', 'A1.1'),
      { type: 'final', agentId: 'alpha', label: 'A1.1', content: 'x' },
    ]);
    expect(asSubmitted.agents['alpha']?.state).toBe('answered');
  });

  it('keeps the tally the winner was chosen by and when the run finished', () => {
    const tally = [tallyEntry('A1.1', 'alpha', 2), tallyEntry('A2.1', 'beta', 0)];
    const status = runStatusOf([
      twoAgents,
      answerEvent('alpha', 'A1.1'),
      consensusOf(tally),
      { type: 'final', agentId: 'alpha', label: 'A1.1.final', content: 'x' },
      { type: 'run-end', stopReason: 'consensus', winnerAgentId: 'alpha', finalAnswer: 'x' },
    ]);
    expect(status.tally).toEqual(tally);
    expect(status).toMatchObject({ state: 'finished', stopReason: 'consensus', winnerAgentId: 'alpha' });
    expect(status.finishedAt).toBe(new Date(fixtureStart + 4000).toISOString());
  });

  it('adds up usage and cost per agent', () => {
    const status = runStatusOf([
      twoAgents,
      { type: 'usage', agentId: 'beta', usage: { inputTokens: 10, outputTokens: 5 }, costUsd: 0.5 },
      { type: 'usage', agentId: 'beta', usage: { inputTokens: 1, reasoningTokens: 2 }, costUsd: 0.25 },
    ]);
    expect(status.agents['beta']).toMatchObject({
      usage: { inputTokens: 11, outputTokens: 5, reasoningTokens: 2 },
      costUsd: 0.75,
    });
    expect(status.agents['alpha']?.costUsd).toBeUndefined();
  });

  it('keeps the votes an answer leaves standing (outside what their voters see), marking only the others out of date', () => {
    const status = runStatusOf([
      runStart(['alpha', 'beta', 'gamma'], 'q'),
      answerEvent('alpha', 'agent1.1'),
      voteEvent('alpha', 'alpha', 'agent1.1', { round: 2 }),
      voteEvent('beta', 'alpha', 'agent1.1', { round: 2 }),
      answerEvent('gamma', 'agent3.1', { content: 'y', keptVotes: ['beta'] }),
    ]);
    expect(status.votes.map((vote) => [vote.agentId, vote.stale, vote.outdatedBy])).toEqual([
      ['alpha', true, 'agent3.1'],
      ['beta', false, undefined],
    ]);
    expect(status.agents['alpha']?.vote).toBeNull();
    expect(status.agents['beta']).toMatchObject({ state: 'voted', vote: { targetLabel: 'agent1.1' } });
  });

  it('sets aside the vote of an agent that restarts while holding it (the islands final round)', () => {
    const status = runStatusOf([
      twoAgents,
      answerEvent('alpha', 'agent1.1'),
      voteEvent('alpha', 'alpha', 'agent1.1', { round: 2 }),
      { type: 'restart', agentId: 'alpha', reason: 'the group winners now vote among themselves' },
    ]);
    expect(status.agents['alpha']?.vote).toBeNull();
    expect(status.votes).toEqual([expect.objectContaining({ agentId: 'alpha', stale: true })]);
  });

  it('keeps whom a held-off agent waits for, until its next turn starts', () => {
    const waiting: CoordinationEvent = {
      type: 'agent-waiting',
      agentId: 'alpha',
      waitingFor: ['beta'],
      reason: 'new answer A2.1 made its turn out of date',
    };
    const started: CoordinationEvent = {
      type: 'agent-start',
      agentId: 'alpha',
      round: 2,
      attempt: 1,
      reason: 'restart',
    };
    expect(runStatusOf([twoAgents, waiting]).agents['alpha']).toMatchObject({
      state: 'waiting',
      waiting: { for: ['beta'], reason: 'new answer A2.1 made its turn out of date' },
    });
    expect(runStatusOf([twoAgents, waiting, started]).agents['alpha']?.waiting).toBeUndefined();
    expect(
      runStatusOf([twoAgents, waiting, { type: 'run-end', stopReason: 'cancelled' }]).agents['alpha'],
    ).toMatchObject({
      state: 'stopped',
      waiting: undefined,
    });
  });

  it('has no finish time or tally while running', () => {
    const status = runStatusOf([twoAgents, { type: 'round', round: 2 }]);
    expect(status).toMatchObject({ state: 'running', round: 2 });
    expect(status.finishedAt).toBeUndefined();
    expect(status.tally).toBeUndefined();
  });

  it('keeps each agent’s task list as its latest task-plan event left it', () => {
    const tasks = [{ id: 'task_1', description: 'Read', status: 'completed' as const }];
    const status = runStatusOf([
      twoAgents,
      { type: 'task-plan', agentId: 'alpha', tasks: [{ id: 'task_1', description: 'Read', status: 'pending' }] },
      { type: 'task-plan', agentId: 'alpha', tasks },
    ]);
    expect(status.agents['alpha']?.plan).toEqual(tasks);
    expect(status.agents['beta']?.plan).toBeUndefined();
  });
});
