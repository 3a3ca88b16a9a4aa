import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import type { CoordinationEvent } from '@massgen/core';
import { AgentCard } from './agent-card.js';
import { describeWaitingOn, emptyOutput, waitingOn } from '@massgen/run-state';
import { frameLines } from './ink-test-helpers.js';
import { displayStateOf, runStart, threeAgentRun } from '@massgen/run-state/testing';

afterEach(cleanup);

function card(events: CoordinationEvent[], agentId: string, width = 40, outputLines = 4, silent = {}) {
  const state = displayStateOf(events);
  const index = state.agentIds.indexOf(agentId);
  return render(
    <AgentCard
      agent={state.status.agents[agentId]!}
      index={index}
      output={state.outputs[agentId] ?? emptyOutput}
      answerLabel={state.status.answers.filter((answer) => answer.agentId === agentId).at(-1)?.label}
      waitingFor={describeWaitingOn(waitingOn(state.status, agentId), silent)}
      width={width}
      outputLines={outputLines}
    />,
  );
}

describe('AgentCard', () => {
  it('shows the agent, its backend and model, state, spend and latest output', () => {
    const lines = frameLines(card(threeAgentRun(), 'alpha').lastFrame()!);
    expect(lines).toHaveLength(8);
    expect(lines[1]).toContain('1 alpha model-a · chatcompletion');
    expect(lines[2]).toMatch(/● answered A1\.1 +1\.2k tok \$0\.0021/);
    expect(lines[3]).toContain('Adding two and two.');
    expect(lines[4]).toContain('Four. 2 + 2 = 4.');
  });

  it('says how far the agent’s task plan has come, on a line of its own, keeping the card’s height', () => {
    const events: CoordinationEvent[] = [
      ...threeAgentRun(),
      {
        type: 'task-plan',
        agentId: 'alpha',
        tasks: [
          { id: 'task_1', description: 'Add', status: 'completed' },
          { id: 'task_2', description: 'Check', status: 'pending' },
        ],
      },
    ];
    const lines = frameLines(card(events, 'alpha', 60).lastFrame()!);
    expect(lines).toHaveLength(8);
    expect(lines[3]).toContain('plan: 1 of 2 done, next: task_2 Check');
    // The output gives up its oldest line to the plan.
    expect(lines[4]).toContain('Four. 2 + 2 = 4.');
  });

  it('marks tool calls and their results', () => {
    const frame = card(threeAgentRun(), 'beta', 40, 6).lastFrame()!;
    expect(frame).toContain('⚙ calculator({"expression":"2+2"})');
    expect(frame).toContain('↳ calculator: 4');
  });

  it('shows only the end of a long output, keeping its height', () => {
    const long = Array.from({ length: 30 }, (_, line) => `line ${line}`).join('\n');
    const events: CoordinationEvent[] = [
      runStart(['alpha']),
      { type: 'agent-start', agentId: 'alpha', round: 1, attempt: 1, reason: 'initial' },
      { type: 'agent-delta', agentId: 'alpha', kind: 'text', text: long },
    ];
    const lines = frameLines(card(events, 'alpha', 30, 3).lastFrame()!);
    expect(lines).toHaveLength(7);
    expect(lines.slice(3, 6).map((line) => line.replace(/[│\s]+/g, ' ').trim())).toEqual([
      'line 27',
      'line 28',
      'line 29',
    ]);
  });

  it('shows the vote and its reason for an agent that voted', () => {
    expect(card(threeAgentRun(), 'gamma', 60).lastFrame()).toContain('→ A1.1 (alpha): Shows the working.');
  });

  it('shows that an agent held off by a new answer waits, for whom and why, not that it is thinking', () => {
    const events: CoordinationEvent[] = [
      runStart(['alpha', 'beta', 'gamma']),
      { type: 'agent-start', agentId: 'alpha', round: 1, attempt: 1, reason: 'initial' },
      { type: 'agent-start', agentId: 'beta', round: 1, attempt: 1, reason: 'initial' },
      { type: 'agent-start', agentId: 'gamma', round: 1, attempt: 1, reason: 'initial' },
      { type: 'answer', agentId: 'alpha', label: 'agent1.1', content: 'Four.', round: 1 },
      { type: 'agent-start', agentId: 'alpha', round: 2, attempt: 1, reason: 'update' },
      { type: 'answer', agentId: 'beta', label: 'agent2.1', content: '4', round: 1 },
      { type: 'agent-waiting', agentId: 'alpha', waitingFor: ['gamma'], reason: 'new answer agent2.1 made it stale' },
      { type: 'agent-start', agentId: 'beta', round: 2, attempt: 1, reason: 'update' },
      { type: 'vote', agentId: 'beta', targetAgentId: 'alpha', targetLabel: 'agent1.1', reason: 'Clear.', round: 2 },
    ];
    const alpha = card(events, 'alpha', 90, 4, { gamma: 40_000 }).lastFrame()!;
    expect(alpha).toContain('○ waiting for gamma (silent 40s)');
    expect(alpha).toContain("new answer agent2.1 made it stale; restarts after gamma's first answer");
    expect(alpha).not.toContain('thinking');
    const beta = frameLines(card(events, 'beta', 60, 4, { gamma: 40_000 }).lastFrame()!);
    expect(beta[2]).toMatch(/✓ voted agent1\.1 /);
    expect(beta[3]).toContain('waiting for alpha, gamma (silent 40s)');
    expect(beta.join('\n')).toContain('→ agent1.1 (alpha): Clear.');
  });

  it('shows why an agent failed', () => {
    const events: CoordinationEvent[] = [
      runStart(['alpha']),
      { type: 'agent-start', agentId: 'alpha', round: 1, attempt: 1, reason: 'initial' },
      {
        type: 'agent-error',
        agentId: 'alpha',
        error: { code: 'BACKEND_AUTH', message: 'The API key was rejected.', retryable: false },
        attempt: 1,
        willRetry: false,
      },
      { type: 'agent-killed', agentId: 'alpha', reason: 'failed' },
    ];
    const frame = card(events, 'alpha', 60).lastFrame()!;
    expect(frame).toContain('✗ failed (BACKEND_AUTH)');
    expect(frame).toContain('The API key was rejected.');
  });

  it('keeps every line inside a narrow card', () => {
    const lines = frameLines(card(threeAgentRun(), 'alpha', 24).lastFrame()!);
    for (const line of lines) expect(Array.from(line).length).toBeLessThanOrEqual(24);
    expect(lines[1]).toContain('1 alpha model-a');
  });
});
