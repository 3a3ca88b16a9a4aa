import { describe, expect, it } from 'vitest';
import type { CoordinationEvent } from '@massgen/core';
import { describeState, describeWaitingOn, idleText, waitingOn } from './agent-summary.js';
import { answerEvent, displayStateOf, runStart, voteEvent } from './run-event-fixtures.js';

/** alpha answered and was interrupted by beta's answer; beta voted; gamma has sent nothing yet. */
const heldOff: CoordinationEvent[] = [
  runStart(['alpha', 'beta', 'gamma']),
  { type: 'round', round: 1 },
  { type: 'agent-start', agentId: 'alpha', round: 1, attempt: 1, reason: 'initial' },
  { type: 'agent-start', agentId: 'beta', round: 1, attempt: 1, reason: 'initial' },
  { type: 'agent-start', agentId: 'gamma', round: 1, attempt: 1, reason: 'initial' },
  answerEvent('alpha', 'agent1.1', { content: 'Four.' }),
  { type: 'round', round: 2 },
  { type: 'agent-start', agentId: 'alpha', round: 2, attempt: 1, reason: 'update' },
  answerEvent('beta', 'agent2.1', { content: '4' }),
  {
    type: 'agent-waiting',
    agentId: 'alpha',
    waitingFor: ['gamma'],
    reason: 'new answer agent2.1 made its turn out of date',
  },
  { type: 'agent-start', agentId: 'beta', round: 2, attempt: 1, reason: 'update' },
  voteEvent('beta', 'alpha', 'agent1.1', { reason: 'Clear.', round: 2 }),
];

describe('waiting agents', () => {
  it('a held-off agent waits for whom the run named; one that voted, for everyone still at work', () => {
    const { status } = displayStateOf(heldOff);
    expect(waitingOn(status, 'alpha')).toEqual(['gamma']);
    expect(waitingOn(status, 'beta')).toEqual(['alpha', 'gamma']);
    expect(waitingOn(status, 'gamma')).toEqual([]);
  });

  it('nobody waits once the waited-for agent is dropped or the run is over', () => {
    const dropped = displayStateOf([...heldOff, { type: 'agent-killed', agentId: 'gamma', reason: 'dropped' }]);
    expect(waitingOn(dropped.status, 'alpha')).toEqual([]);
    const ended = displayStateOf([...heldOff, { type: 'run-end', stopReason: 'cancelled' }]);
    expect(waitingOn(ended.status, 'beta')).toEqual([]);
  });

  it('says whom an agent waits for, with how long a silent one has said nothing, and why it holds off', () => {
    const { status } = displayStateOf(heldOff);
    const alpha = status.agents['alpha']!;
    expect(describeState(alpha, 'agent1.1')).toBe('waiting for gamma');
    expect(describeWaitingOn(['gamma'], { gamma: 41_500 })).toBe('waiting for gamma (silent 41s)');
    expect(describeWaitingOn(['alpha', 'gamma', 'delta', 'eps'])).toBe('waiting for alpha, gamma and 2 more');
    expect(describeWaitingOn([])).toBe('');
    expect(idleText(alpha)).toBe("new answer agent2.1 made its turn out of date; restarts after gamma's first answer");
    expect(idleText(alpha)).not.toContain('thinking');
  });
});
