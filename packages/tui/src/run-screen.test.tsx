import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import type { CoordinationEvent } from '@massgen/core';
import { frameLines } from './ink-test-helpers.js';
import { consensusOf, displayStateOf, runStart, tallyEntry, threeAgentRun } from '@massgen/run-state/testing';
import { RunScreen } from './run-screen.js';
import type { ScreenOptions } from './run-screen.js';

afterEach(cleanup);

const allOn: ScreenOptions = { showAgentCards: true, liveTimeline: true };

function eightAgents(): CoordinationEvent[] {
  const ids = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta'];
  const events: CoordinationEvent[] = [runStart(ids), { type: 'round', round: 1 }];
  for (const id of ids) events.push({ type: 'agent-start', agentId: id, round: 1, attempt: 1, reason: 'initial' });
  for (const [index, id] of ids.entries()) {
    events.push({
      type: 'agent-delta',
      agentId: id,
      kind: index % 2 === 0 ? 'reasoning' : 'text',
      text: `Agent ${id} works through the question step by step. `.repeat(3),
    });
  }
  events.push({ type: 'answer', agentId: 'alpha', label: 'A1.1', content: 'x', round: 1 });
  events.push({ type: 'answer', agentId: 'beta', label: 'A2.1', content: 'y', round: 1 });
  events.push({
    type: 'vote',
    agentId: 'gamma',
    targetAgentId: 'alpha',
    targetLabel: 'A1.1',
    reason: 'Most complete.',
    round: 1,
  });
  return events;
}

function screen(events: CoordinationEvent[], width: number, height: number, options = allOn, focus?: number) {
  const state = displayStateOf(events);
  return render(
    <RunScreen
      state={state}
      width={width}
      height={height}
      options={options}
      focus={focus}
      scroll={0}
      now={state.startedAt}
      keysEnabled
    />,
  );
}

describe('RunScreen', () => {
  it('keeps eight agents readable on an 80x24 terminal', () => {
    const lines = frameLines(screen(eightAgents(), 80, 24).lastFrame()!);
    expect(lines.length).toBeLessThanOrEqual(23);
    for (const line of lines) expect(Array.from(line).length).toBeLessThanOrEqual(80);
    for (const [index, id] of ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta'].entries()) {
      expect(lines.some((line) => line.startsWith(`${index + 1} ${id} `))).toBe(true);
    }
    expect(lines).toContain('Votes: A1.1 (alpha) ■ 1');
    expect(lines).toContain('Timeline');
    expect(lines.at(-1)).toBe('a answer now · 1-8 focus agent · q quit · ctrl-c cancel');
  });

  it('shows cards, the winning tally and the final answer while the winner presents', () => {
    const events: CoordinationEvent[] = [
      ...threeAgentRun(),
      consensusOf([tallyEntry('A1.1', 'alpha', 2), tallyEntry('A2.1', 'beta', 1)]),
      { type: 'final-delta', agentId: 'alpha', text: 'The answer is 4.' },
    ];
    const frame = screen(events, 90, 30).lastFrame()!;
    expect(frame).toMatch(/1 alpha.*2 beta.*3 gamma/);
    expect(frame).toContain('Votes: ★ A1.1 (alpha) ■■ 2  A2.1 (beta) ■ 1');
    expect(frame).toContain('alpha is presenting the final answer…');
    expect(frame).toContain('The answer is 4.');
    expect(frame).toContain('alpha presents the final answer');
  });

  it('shows one agent in full when focused', () => {
    const frame = screen(threeAgentRun(), 80, 24, allOn, 1).lastFrame()!;
    expect(frame).toContain('── round 1: first answer ──');
    expect(frame).not.toContain('1 alpha');
    expect(frame).toContain('esc back');
  });

  it('follows the display settings: no timeline, no cards', () => {
    const frame = screen(threeAgentRun(), 80, 24, { showAgentCards: false, liveTimeline: false }).lastFrame()!;
    expect(frame).not.toContain('Timeline');
    expect(frame).not.toContain('╭');
    expect(frame).toMatch(/^1 alpha +● answered A1\.1/m);
  });

  it('stacks the cards of a narrow terminal', () => {
    const lines = frameLines(screen(threeAgentRun(), 44, 50).lastFrame()!);
    expect(lines.filter((line) => line.startsWith('╭'))).toHaveLength(3);
    for (const line of lines) expect(Array.from(line).length).toBeLessThanOrEqual(44);
  });

  it('sums up a team of fifty: counts, each island with its leader, and as many agents as fit', () => {
    const ids = Array.from({ length: 50 }, (_, index) => `agent${String(index + 1).padStart(2, '0')}`);
    const groups: string[][] = [];
    for (let start = 0; start < ids.length; start += 4) groups.push(ids.slice(start, start + 4));
    const events: CoordinationEvent[] = [
      runStart(ids),
      { type: 'groups', topology: 'islands', stage: 1, groups },
      { type: 'round', round: 1 },
      ...ids.map((agentId): CoordinationEvent => ({
        type: 'agent-start',
        agentId,
        round: 1,
        attempt: 1,
        reason: 'initial',
      })),
      ...ids.slice(0, 4).map((agentId, index): CoordinationEvent => ({
        type: 'answer',
        agentId,
        label: `agent${index + 1}.1`,
        content: 'x',
        round: 1,
        keptVotes: [],
      })),
      ...ids.slice(0, 4).map((agentId): CoordinationEvent => ({
        type: 'vote',
        agentId,
        targetAgentId: 'agent02',
        targetLabel: 'agent2.1',
        reason: 'r',
        round: 1,
      })),
      { type: 'agent-killed', agentId: 'agent50', reason: 'dropped' },
    ];
    const lines = frameLines(screen(events, 120, 40).lastFrame()!);
    expect(lines.length).toBeLessThanOrEqual(39);
    for (const line of lines) expect(Array.from(line).length).toBeLessThanOrEqual(120);
    expect(lines).toContain('Team: ◐ 45 working  ✓ 4 voted  ✗ 1 failed · 4 answers');
    expect(lines).toContain("islands, 13 groups: members' states, leading answer and its votes");
    expect(lines.join('\n')).toMatch(/I1 ✓✓✓✓ agent2\.1 4 ✓ +I2 ◐◐◐◐ — +I3/);
    expect(lines.join('\n')).toMatch(/I13 ◐✗ —/);
    expect(lines).toContain('Votes: agent2.1 (agent02) ■■■■ 4');
    // The agents that fit, one line each, then how many more there are.
    expect(lines.some((line) => line.startsWith('1 agent01 '))).toBe(true);
    expect(lines.some((line) => /^… \d+ more agents/.test(line))).toBe(true);
  });

  it('shows a team of fifty without groups as counts and a strip of states', () => {
    const ids = Array.from({ length: 50 }, (_, index) => `agent${String(index + 1).padStart(2, '0')}`);
    const events: CoordinationEvent[] = [
      runStart(ids),
      ...ids.slice(0, 10).map((agentId): CoordinationEvent => ({
        type: 'agent-start',
        agentId,
        round: 1,
        attempt: 1,
        reason: 'initial',
      })),
    ];
    const lines = frameLines(screen(events, 100, 30).lastFrame()!);
    expect(lines.length).toBeLessThanOrEqual(29);
    expect(lines).toContain('Team: ◐ 10 working  ○ 40 waiting · 0 answers');
    expect(lines).toContain(`${'◐'.repeat(10)}${'○'.repeat(40)}`);
  });
});
