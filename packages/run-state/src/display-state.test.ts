import { describe, expect, it } from 'vitest';
import { currentTurn } from './agent-output.js';
import { displayStateOf, fixtureStart, runStart, threeAgentRun } from './run-event-fixtures.js';

describe('reduceDisplayState', () => {
  it('keeps each agent output, its tool calls and the agent order', () => {
    const state = displayStateOf(threeAgentRun());
    expect(state.agentIds).toEqual(['alpha', 'beta', 'gamma']);
    expect(currentTurn(state.outputs['alpha']!)).toEqual([
      { kind: 'reasoning', text: 'Adding two and two.' },
      { kind: 'text', text: 'Four. 2 + 2 = 4.' },
      { kind: 'answer', text: 'A1.1\nFour. 2 + 2 = 4.' },
    ]);
    expect(currentTurn(state.outputs['beta']!).map((segment) => segment.kind)).toEqual([
      'tool-call',
      'tool-result',
      'text',
      'answer',
    ]);
    expect(state.status.agents['alpha']).toMatchObject({ state: 'answered', costUsd: 0.0021 });
    expect(state.timeline.map((entry) => entry.kind)).toEqual(['round', 'answer', 'answer', 'vote']);
  });

  it('marks an agent silent when the run names it so, from when it was last heard, until it speaks', () => {
    const silent = displayStateOf([
      ...threeAgentRun(),
      {
        type: 'warning',
        warning: { code: 'agent-silent', agentId: 'gamma', message: 'gamma has sent nothing for 30 s' },
      },
    ]);
    // gamma was last heard from at its vote, the 14th event.
    expect(silent.silentSince).toEqual({ gamma: fixtureStart + 13 * 1000 });
    const spoke = displayStateOf([
      ...threeAgentRun(),
      {
        type: 'warning',
        warning: { code: 'agent-silent', agentId: 'gamma', message: 'gamma has sent nothing for 30 s' },
      },
      { type: 'agent-delta', agentId: 'gamma', kind: 'text', text: 'Back.' },
    ]);
    expect(spoke.silentSince).toEqual({});
  });

  it('streams the final answer, then takes the recorded one', () => {
    const streaming = displayStateOf([
      ...threeAgentRun(),
      { type: 'final-delta', agentId: 'alpha', text: 'The answer ' },
      { type: 'final-delta', agentId: 'alpha', text: 'is 4' },
    ]);
    expect(streaming).toMatchObject({ presenterId: 'alpha', finalText: 'The answer is 4' });
    const done = displayStateOf([
      ...threeAgentRun(),
      { type: 'final-delta', agentId: 'alpha', text: 'The answer ' },
      { type: 'final', agentId: 'alpha', label: 'A1.1.final', content: 'The answer is 4.' },
      { type: 'run-end', stopReason: 'consensus', winnerAgentId: 'alpha', finalAnswer: 'The answer is 4.' },
    ]);
    expect(done.finalText).toBe('The answer is 4.');
    expect(done.endedAt).toBeDefined();
    expect(done.status.state).toBe('finished');
  });

  it('starts a new turn on restart, keeping the earlier one for the focus view', () => {
    const state = displayStateOf([
      runStart(['alpha']),
      { type: 'agent-start', agentId: 'alpha', round: 1, attempt: 1, reason: 'initial' },
      { type: 'agent-delta', agentId: 'alpha', kind: 'text', text: 'draft' },
      { type: 'agent-start', agentId: 'alpha', round: 2, attempt: 1, reason: 'restart' },
    ]);
    expect(currentTurn(state.outputs['alpha']!)).toEqual([]);
    expect(state.outputs['alpha']!.segments.map((segment) => segment.text)).toEqual([
      'round 1: first answer',
      'draft',
      'round 2: restart',
    ]);
  });
});
