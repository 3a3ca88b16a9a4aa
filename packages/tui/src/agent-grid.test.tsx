import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import type { CoordinationEvent } from '@massgen/core';
import { AgentGrid } from './agent-grid.js';
import { frameLines } from './ink-test-helpers.js';
import type { AgentsLayout } from './screen-layout.js';
import { displayStateOf, runStart, threeAgentRun } from '@massgen/run-state/testing';

afterEach(cleanup);

function manyAgents(count: number): CoordinationEvent[] {
  const ids = Array.from({ length: count }, (_, index) => `agent-${index + 1}`);
  return [
    runStart(ids),
    ...ids.map((id): CoordinationEvent => ({
      type: 'agent-start',
      agentId: id,
      round: 1,
      attempt: 1,
      reason: 'initial',
    })),
    ...ids.map((id): CoordinationEvent => ({
      type: 'agent-delta',
      agentId: id,
      kind: 'text',
      text: `Working on it, says ${id}.`,
    })),
  ];
}

/** The lines the grid draws for `events` in `layout`, `width` columns wide. */
function gridLines(events: CoordinationEvent[], layout: AgentsLayout, width: number): string[] {
  return frameLines(
    render(<AgentGrid now={0} state={displayStateOf(events)} layout={layout} width={width} />).lastFrame()!,
  );
}

describe('AgentGrid', () => {
  it('puts cards side by side in columns', () => {
    const lines = gridLines(threeAgentRun(), { mode: 'cards', columns: 3, cardWidth: 30, outputLines: 2 }, 90);
    expect(lines).toHaveLength(6);
    expect(lines[1]).toMatch(/1 alpha.*2 beta.*3 gamma/);
  });

  it('stacks cards in one column', () => {
    const lines = gridLines(threeAgentRun(), { mode: 'cards', columns: 1, cardWidth: 40, outputLines: 2 }, 40);
    expect(lines).toHaveLength(18);
    expect(lines.filter((line) => line.startsWith('╭'))).toHaveLength(3);
  });

  it('shows one line per agent with its latest output in rows mode', () => {
    const lines = gridLines(manyAgents(4), { mode: 'rows', visibleRows: 4 }, 80);
    expect(lines).toHaveLength(4);
    expect(lines[3]).toMatch(/^4 agent-4 +◐ working +0 tok +│ Working on it, says agent-4\.$/);
  });

  it('shows the vote of an agent with no output in its turn', () => {
    const lines = gridLines(threeAgentRun(), { mode: 'rows', visibleRows: 3 }, 90);
    expect(lines[2]).toMatch(/^3 gamma +✓ voted A1\.1 +0 tok +│ → A1\.1 \(alpha\): Shows the working\.$/);
  });

  it('says how many agents did not fit', () => {
    const lines = gridLines(manyAgents(12), { mode: 'rows', visibleRows: 5 }, 80);
    expect(lines).toHaveLength(5);
    expect(lines[4]).toContain('… 8 more agents');
  });
});
