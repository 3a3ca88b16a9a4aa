import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { frameLines } from './ink-test-helpers.js';
import { describePhase, RunHeader } from './run-header.js';
import { displayStateOf, fixtureStart, threeAgentRun } from '@massgen/run-state/testing';

afterEach(cleanup);

describe('RunHeader', () => {
  it('shows the phase, round, elapsed time, team and task', () => {
    const state = displayStateOf(threeAgentRun());
    const lines = frameLines(render(<RunHeader state={state} now={fixtureStart + 65_000} />).lastFrame()!);
    expect(lines).toEqual(['MassGen coordinating · round 1 · 1m05s · 3 agents (vote)', 'Task: What is 2+2?']);
  });

  it('stops the clock when the run ends', () => {
    const state = displayStateOf([...threeAgentRun(), { type: 'run-end', stopReason: 'cancelled' }]);
    expect(render(<RunHeader state={state} now={fixtureStart + 999_000} />).lastFrame()).toContain(
      'finished: cancelled · round 1 · 14.0s',
    );
  });
});

describe('describePhase', () => {
  it('reflects the user requests until the run ends', () => {
    const state = displayStateOf(threeAgentRun());
    expect(describePhase({ ...state, answerRequested: true })).toBe(
      'answer requested: stopping, the leader will present',
    );
    expect(describePhase({ ...state, cancelRequested: true })).toBe('cancelling: stopping the agents…');
    expect(describePhase({ ...state, presenterId: 'alpha' })).toBe('alpha presents the final answer');
  });
});
