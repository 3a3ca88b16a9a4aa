import { describe, expect, it } from 'vitest';
import type { CoordinationEvent } from '@massgen/core';
import { fixtureStart, stampEvents, threeAgentRun } from './run-event-fixtures.js';
import { initialRunStatus, reduceRunStatus } from './run-status.js';
import { summarizeRun } from './run-summary.js';

function statusOf(events: CoordinationEvent[]) {
  return stampEvents(events).reduce(reduceRunStatus, initialRunStatus('run-test', fixtureStart));
}

describe('summarizeRun', () => {
  it('adds up tokens and the cost of the priced agents, and times the run', () => {
    const status = statusOf([
      ...threeAgentRun(),
      { type: 'usage', agentId: 'beta', usage: { inputTokens: 10, outputTokens: 5 } },
      { type: 'run-end', stopReason: 'consensus', winnerAgentId: 'alpha', finalAnswer: '4' },
    ]);
    expect(summarizeRun(status)).toEqual({
      runId: 'run-test',
      task: 'What is 2+2?',
      state: 'finished',
      stopReason: 'consensus',
      winnerAgentId: 'alpha',
      agentCount: 3,
      tokens: 900 + 340 + 15,
      costUsd: 0.0021,
      startedAt: status.startedAt,
      durationMs: 15_000,
    });
  });

  it('leaves the cost out when no model has a price', () => {
    const status = statusOf(threeAgentRun().filter((event) => event.type !== 'usage'));
    expect(summarizeRun(status).costUsd).toBeUndefined();
    expect(summarizeRun(status).state).toBe('running');
  });
});
