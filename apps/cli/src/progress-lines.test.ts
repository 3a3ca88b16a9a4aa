import { describe, expect, it } from 'vitest';
import type { CoordinationEvent, RunEvent } from '@massgen/core';
import { ProgressLines } from './progress-lines.js';

let seq = 0;
function stamp(event: CoordinationEvent, time = 1_000): RunEvent {
  seq += 1;
  return { ...event, runId: 'r', seq, time } as RunEvent;
}

describe('ProgressLines', () => {
  it('tells who answers, who votes for whom and who fails, in plain words', () => {
    const lines = new ProgressLines();
    const described = [
      stamp({
        type: 'run-start',
        task: 'q',
        strategy: 'vote',
        agents: [
          { id: 'alpha', provider: 'openai', modelId: 'gpt-5' },
          { id: 'beta', provider: 'claude', modelId: '' },
        ],
      }),
      stamp({ type: 'agent-start', agentId: 'alpha', round: 1, attempt: 1, reason: 'initial' }),
      stamp({ type: 'agent-delta', agentId: 'alpha', kind: 'text', text: 'thinking out loud' }),
      stamp({ type: 'answer', agentId: 'alpha', label: 'agent1.1', content: 'It is four.', round: 1 }),
      stamp({
        type: 'vote',
        agentId: 'beta',
        targetAgentId: 'alpha',
        targetLabel: 'agent1.1',
        reason: 'Correct\nand short.',
        round: 2,
      }),
      stamp({
        type: 'agent-error',
        agentId: 'beta',
        attempt: 1,
        willRetry: false,
        error: { name: 'MassGenError', code: 'BACKEND_AUTH', message: 'key rejected', retryable: false },
      }),
      stamp({ type: 'run-end', stopReason: 'consensus' }, 3_500),
    ].map((event) => lines.describe(event));
    expect(described).toEqual([
      'Starting 2 agents: alpha (openai, gpt-5), beta (claude)',
      'alpha is working on an answer',
      undefined,
      'alpha answered (agent1.1, 3 words)',
      'beta voted for alpha (agent1.1): Correct and short.',
      'beta failed: key rejected (BACKEND_AUTH)',
      'Finished in 2.5s (stop reason: consensus)',
    ]);
  });

  it('counts a one-word answer in the singular', () => {
    expect(
      new ProgressLines().describe(stamp({ type: 'answer', agentId: 'a', label: 'agent1.1', content: '4', round: 1 })),
    ).toBe('a answered (agent1.1, 1 word)');
  });
});
