import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import type { CoordinationEvent } from '@massgen/core';
import { FocusView } from './focus-view.js';
import { frameLines } from './ink-test-helpers.js';
import { displayStateOf, runStart } from '@massgen/run-state/testing';

afterEach(cleanup);

const events: CoordinationEvent[] = [
  runStart(['alpha', 'beta']),
  { type: 'agent-start', agentId: 'beta', round: 1, attempt: 1, reason: 'initial' },
  { type: 'agent-delta', agentId: 'beta', kind: 'reasoning', text: 'Considering.' },
  { type: 'agent-delta', agentId: 'beta', kind: 'text', text: 'First draft.' },
  { type: 'agent-start', agentId: 'beta', round: 2, attempt: 1, reason: 'update' },
  { type: 'agent-delta', agentId: 'beta', kind: 'text', text: 'one\ntwo\nthree\nfour' },
];

/** Beta's focus view after `shown` events. */
function focus(scroll: number, lines = 8, shown = events) {
  const state = displayStateOf(shown);
  return render(
    <FocusView
      agent={state.status.agents['beta']!}
      index={1}
      output={state.outputs['beta']!}
      answerLabel={undefined}
      width={60}
      lines={lines}
      scroll={scroll}
    />,
  );
}

describe('FocusView', () => {
  it('shows every turn of one agent, not only the current one', () => {
    const lines = frameLines(focus(0).lastFrame()!);
    expect(lines[0]).toContain('2 beta');
    expect(lines[0]).toContain('model-b · chatcompletion');
    expect(lines.slice(1)).toEqual(
      [
        '── round 1: first answer ──',
        'Considering.',
        'First draft.',
        '── round 2: reviewing answers ──',
        'one',
        'two',
        'three',
        'four',
      ].slice(-7),
    );
  });

  it('scrolls up from the end', () => {
    const lines = frameLines(focus(3, 4).lastFrame()!);
    expect(lines[0]).toContain('scrolled up 3 lines');
    expect(lines.slice(1)).toEqual(['First draft.', '── round 2: reviewing answers ──', 'one']);
  });

  it('shows the answers the agent submitted through a new_answer call, which stream no text', () => {
    const state = displayStateOf([
      runStart(['alpha']),
      { type: 'agent-start', agentId: 'alpha', round: 1, attempt: 1, reason: 'initial' },
      { type: 'answer', agentId: 'alpha', label: 'agent1.1', content: 'Paris is the capital.', round: 1 },
      { type: 'agent-start', agentId: 'alpha', round: 2, attempt: 1, reason: 'update' },
      { type: 'answer', agentId: 'alpha', label: 'agent1.2', content: 'Paris, on the Seine.', round: 2 },
    ]);
    const frame = render(
      <FocusView
        agent={state.status.agents['alpha']!}
        index={0}
        output={state.outputs['alpha']!}
        answerLabel="agent1.2"
        width={60}
        lines={10}
        scroll={0}
      />,
    ).lastFrame()!;
    const lines = frameLines(frame).map((line) => line.trim());
    expect(lines).toContain('✔ answer agent1.1');
    expect(lines).toContain('Paris is the capital.');
    expect(lines).toContain('✔ answer agent1.2');
    expect(lines).toContain('Paris, on the Seine.');
  });

  it('shows the agent’s task list above its output, the unfinished tasks first, and how far it has come', () => {
    const planned: CoordinationEvent[] = [
      ...events,
      {
        type: 'task-plan',
        agentId: 'beta',
        tasks: [
          { id: 'task_1', description: 'Read the spec', status: 'completed' },
          { id: 'task_2', description: 'Write the code', status: 'in_progress', dependsOn: ['task_1'] },
          { id: 'task_3', description: 'Test it', status: 'pending' },
        ],
      },
    ];
    const lines = frameLines(focus(0, 12, planned).lastFrame()!);
    expect(lines.slice(1, 4)).toEqual([
      'plan: 1 of 3 done, now: task_2 Write the code',
      '  ◐ task_2 Write the code',
      '  ○ task_3 Test it',
    ]);
    expect(lines.at(-1)).toBe('four');
  });
});
