import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { frameLines } from './ink-test-helpers.js';
import { displayStateOf, threeAgentRun } from '@massgen/run-state/testing';
import { TimelineView } from './timeline-view.js';

afterEach(cleanup);

describe('TimelineView', () => {
  it('shows the most recent entries with their time since the start', () => {
    const state = displayStateOf(threeAgentRun());
    const lines = frameLines(render(<TimelineView entries={state.timeline} lines={2} />).lastFrame()!);
    expect(lines).toEqual([
      'Timeline',
      '  12.0s beta answered A2.1',
      '  13.0s gamma voted A1.1 (alpha): Shows the working.',
    ]);
  });

  it('says when nothing has happened yet', () => {
    expect(render(<TimelineView entries={[]} lines={3} />).lastFrame()).toContain('no answers or votes yet');
  });
});
