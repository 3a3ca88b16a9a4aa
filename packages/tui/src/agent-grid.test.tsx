import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import type { CoordinationEvent } from '@massgen/core';
import { AgentGrid } from './agent-grid.js';
import { frameLines } from './ink-test-helpers.js';
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

describe('AgentGrid', () => {
  it('puts cards side by side in columns', () => {
    const state = displayStateOf(threeAgentRun());
    const lines = frameLines(
      render(
        <AgentGrid
          now={0}
          state={state}
          layout={{ mode: 'cards', columns: 3, cardWidth: 30, outputLines: 2 }}
          width={90}
        />,
      ).lastFrame()!,
    );
    expect(lines).toHaveLength(6);
    expect(lines[1]).toMatch(/1 alpha.*2 beta.*3 gamma/);
  });

  it('stacks cards in one column', () => {
    const state = displayStateOf(threeAgentRun());
    const lines = frameLines(
      render(
        <AgentGrid
          now={0}
          state={state}
          layout={{ mode: 'cards', columns: 1, cardWidth: 40, outputLines: 2 }}
          width={40}
        />,
      ).lastFrame()!,
    );
    expect(lines).toHaveLength(18);
    expect(lines.filter((line) => line.startsWith('╭'))).toHaveLength(3);
  });

  it('shows one line per agent with its latest output in rows mode', () => {
    const state = displayStateOf(manyAgents(4));
    const lines = frameLines(
      render(<AgentGrid now={0} state={state} layout={{ mode: 'rows', visibleRows: 4 }} width={80} />).lastFrame()!,
    );
    expect(lines).toHaveLength(4);
    expect(lines[3]).toMatch(/^4 agent-4 +◐ working +0 tok +│ Working on it, says agent-4\.$/);
  });

  it('shows the vote of an agent with no output in its turn', () => {
    const state = displayStateOf(threeAgentRun());
    const lines = frameLines(
      render(<AgentGrid now={0} state={state} layout={{ mode: 'rows', visibleRows: 3 }} width={90} />).lastFrame()!,
    );
    expect(lines[2]).toMatch(/^3 gamma +✓ voted A1\.1 +0 tok +│ → A1\.1 \(alpha\): Shows the working\.$/);
  });

  it('says how many agents did not fit', () => {
    const state = displayStateOf(manyAgents(12));
    const lines = frameLines(
      render(<AgentGrid now={0} state={state} layout={{ mode: 'rows', visibleRows: 5 }} width={80} />).lastFrame()!,
    );
    expect(lines).toHaveLength(5);
    expect(lines[4]).toContain('… 8 more agents');
  });
});
