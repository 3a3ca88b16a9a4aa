import { describe, expect, it } from 'vitest';
import { initialRunStatus, reduceRunStatus } from './run-status.js';
import { answerEvent, fixtureStart, runStart, stampEvents, voteEvent } from './run-event-fixtures.js';
import { timelineEntry } from './timeline.js';

describe('a message from the person', () => {
  const events = stampEvents([
    runStart(['alpha', 'beta']),
    answerEvent('alpha', 'agent1.1'),
    voteEvent('alpha', 'alpha', 'agent1.1', { round: 2 }),
    voteEvent('beta', 'alpha', 'agent1.1', { round: 2 }),
    { type: 'human-message', text: 'Use metric\nunits.', to: ['beta'], outdatedVotes: ['beta'] },
    { type: 'human-message', text: 'Thanks!', late: true },
  ]);

  it('is a timeline line that says whom it was for, and whether it came too late', () => {
    expect(timelineEntry(events[4]!, fixtureStart)).toMatchObject({
      kind: 'message',
      text: 'message to beta: Use metric units.',
    });
    expect(timelineEntry(events[5]!, fixtureStart)?.text).toBe(
      'message to all agents (too late: coordination had ended): Thanks!',
    );
  });

  it('makes the votes it outdated stale in the status, and leaves the others standing', () => {
    const status = events.reduce(reduceRunStatus, initialRunStatus('run-test', fixtureStart));
    expect(status.agents['beta']?.vote).toBeNull();
    expect(status.agents['alpha']?.vote).toMatchObject({ targetLabel: 'agent1.1' });
    expect(status.votes.map((vote) => [vote.agentId, vote.stale])).toEqual([
      ['alpha', false],
      ['beta', true],
    ]);
  });
});
