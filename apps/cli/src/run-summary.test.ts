import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CoordinationEvent } from '@massgen/core';
import { consensusOf, runStart, runStatusOf, tallyEntry } from '@massgen/run-state/testing';
import type { RunStatus } from '@massgen/run-state';
import { formatRunSummary } from './run-summary.js';

function statusOf(events: CoordinationEvent[]): RunStatus {
  return runStatusOf(events, 'run-1', 500);
}

const start = runStart(['alpha', 'beta']);

const coordinated: CoordinationEvent[] = [
  start,
  { type: 'round', round: 1 },
  { type: 'usage', agentId: 'alpha', usage: { inputTokens: 1200, outputTokens: 300 }, costUsd: 0.0125 },
  { type: 'usage', agentId: 'beta', usage: { inputTokens: 800, outputTokens: 100 } },
  { type: 'answer', agentId: 'alpha', label: 'A1.1', content: 'Four.', round: 1 },
  { type: 'vote', agentId: 'beta', targetAgentId: 'alpha', targetLabel: 'A1.1', reason: 'right', round: 1 },
  { type: 'vote', agentId: 'alpha', targetAgentId: 'alpha', targetLabel: 'A1.1', reason: 'mine', round: 1 },
];

describe('formatRunSummary', () => {
  it('tells how the run ended, the winner and tally, rounds, spend per agent, time and record', () => {
    const status = statusOf([
      ...coordinated,
      consensusOf([tallyEntry('A1.1', 'alpha', 2), tallyEntry('A2.1', 'beta', 0)]),
      { type: 'final', agentId: 'alpha', label: 'A1.1.final', content: 'Four.' },
      { type: 'run-end', stopReason: 'consensus', winnerAgentId: 'alpha', finalAnswer: 'Four.' },
    ]);
    const cwd = '/home/user/project';
    expect(formatRunSummary({ ...status, recordDirectory: path.join(cwd, '.massgen/runs/run-1') }, cwd)).toBe(
      [
        'Finished: consensus (every agent voted) in 4.5s',
        'Winner: alpha (A1.1) with 2 of 2 votes',
        'Votes: A1.1 (alpha) 2',
        'Rounds: 1 · answers: 1',
        'Agents:',
        '  alpha  model-a  1,500 tok  $0.0125  1 answer, voted A1.1, presented',
        '  beta   model-b    900 tok           0 answers, voted A1.1',
        '  total           2,400 tok  $0.0125  2,000 in, 400 out',
        'Record: .massgen/runs/run-1',
        '',
      ].join('\n'),
    );
  });

  it('counts the standing votes of a cancelled run and names its failures', () => {
    const status = statusOf([
      ...coordinated,
      {
        type: 'agent-killed',
        agentId: 'beta',
        reason: 'failed',
        error: { code: 'BACKEND_AUTH', message: 'bad key', retryable: false },
      },
      { type: 'run-end', stopReason: 'cancelled' },
    ]);
    const summary = formatRunSummary(status, '/tmp');
    expect(summary).toContain('Finished: cancelled (cancelled by the user)');
    expect(summary).toContain('Votes: A1.1 (alpha) 2');
    expect(summary).toContain('failed: BACKEND_AUTH');
    expect(summary).not.toContain('Winner:');
  });

  it('says when a run never ended, and keeps a record path outside the working directory absolute', () => {
    const status = statusOf([start, { type: 'round', round: 1 }]);
    const summary = formatRunSummary({ ...status, recordDirectory: '/elsewhere/runs/run-1' }, '/home/user/project');
    expect(summary).toContain('Not finished: last event 0.5s after the start');
    expect(summary).toContain('Record: /elsewhere/runs/run-1');
  });

  it('says a team of one answered, with no winner by votes, and counts out-of-date votes apart', () => {
    const solo = statusOf([
      { ...start, strategy: 'passthrough', agents: [{ id: 'solo', provider: 'chatcompletion', modelId: 'm' }] },
      { type: 'round', round: 1 },
      { type: 'answer', agentId: 'solo', label: 'agent1.1', content: 'Four.', round: 1 },
      { type: 'final', agentId: 'solo', label: 'agent1.1', content: 'Four.' },
      { type: 'run-end', stopReason: 'completed', winnerAgentId: 'solo', finalAnswer: 'Four.' },
    ]);
    const summary = formatRunSummary(solo, '/tmp');
    expect(summary).toContain('Finished: completed (every agent did its part)');
    expect(summary).toContain('Answer: solo (agent1.1)');
    expect(summary).not.toContain('Votes:');
    expect(summary).toContain('solo   m  0 tok  1 answer\n');
    expect(summary).not.toContain('presented');

    const outdated = statusOf([
      ...coordinated,
      { type: 'answer', agentId: 'beta', label: 'A2.1', content: 'Also four.', round: 2 },
      { type: 'vote', agentId: 'beta', targetAgentId: 'beta', targetLabel: 'A2.1', reason: 'mine', round: 2 },
    ]);
    expect(formatRunSummary(outdated, '/tmp')).toContain('Votes: A2.1 (beta) 1 (and 2 out of date, not counted)');
  });
});
