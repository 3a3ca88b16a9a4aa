import { describe, expect, it } from 'vitest';
import type { CoordinationEvent, RunEvent } from '@massgen/core';
import { ProgressLines } from './progress-lines.js';

let seq = 0;
function stamp(event: CoordinationEvent, time = 1_000): RunEvent {
  seq += 1;
  return { ...event, runId: 'r', seq, time };
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
        error: { code: 'BACKEND_AUTH', message: 'key rejected', retryable: false },
      }),
      stamp({ type: 'run-end', stopReason: 'consensus' }, 3_500),
    ].map((event) => lines.describe(event));
    expect(described).toEqual([
      'Starting 2 agents: alpha (openai, gpt-5), beta (claude)',
      'alpha is working on an answer',
      undefined,
      'alpha answered (agent1.1, 3 words)',
      'beta voted for alpha (agent1.1) in round 2: Correct and short.',
      'beta failed: key rejected (BACKEND_AUTH)',
      'Finished in 2.5s (stop reason: consensus)',
    ]);
  });

  it('counts a one-word answer in the singular', () => {
    expect(
      new ProgressLines().describe(stamp({ type: 'answer', agentId: 'a', label: 'agent1.1', content: '4', round: 1 })),
    ).toBe('a answered (agent1.1, 1 word)');
  });

  it('says whom an agent held off by a new answer waits for, and why', () => {
    const lines = new ProgressLines();
    const wait = (waitingFor: string[]) =>
      lines.describe(
        stamp({
          type: 'agent-waiting',
          agentId: 'alpha',
          waitingFor,
          reason: 'new answer agent2.1 made its turn out of date',
        }),
      );
    expect(wait(['gamma'])).toBe(
      "alpha waits for gamma's first answer before it restarts: new answer agent2.1 made its turn out of date",
    );
    expect(wait(['gamma', 'delta'])).toBe(
      'alpha waits for the first answers of gamma, delta before it restarts: new answer agent2.1 made its turn out of date',
    );
    expect(wait(['a3', 'a4', 'a5', 'a6', 'a7'])).toMatch(
      /^alpha waits for the first answers of a3, a4, a5 and 2 more /,
    );
  });

  it('writes a failure out once: retries say which attempt of how many comes next, repeats name the first', () => {
    const lines = new ProgressLines();
    const overloaded = { code: 'BACKEND_OVERLOADED' as const, message: 'The server is overloaded.', retryable: true };
    const described = [
      stamp({
        type: 'agent-error',
        agentId: 'solo',
        error: overloaded,
        attempt: 1,
        willRetry: true,
        retry: { scope: 'request', maxAttempts: 3, delayMs: 1000 },
      }),
      stamp({
        type: 'agent-error',
        agentId: 'solo',
        error: overloaded,
        attempt: 2,
        willRetry: true,
        retry: { scope: 'request', maxAttempts: 3, delayMs: 2000 },
      }),
      stamp({
        type: 'agent-killed',
        agentId: 'solo',
        reason: 'Agent "solo" (chatcompletion/m) was dropped after 3 failed request attempts',
        error: { ...overloaded, attempts: 3 },
      }),
      stamp({
        type: 'agent-killed',
        agentId: 'other',
        reason: 'Agent "other" (chatcompletion/m) was dropped after 3 failed request attempts',
        error: overloaded,
      }),
      stamp({
        type: 'agent-error',
        agentId: 'other',
        error: { code: 'WORKFLOW_VIOLATION', message: 'No call.', retryable: true },
        attempt: 1,
        willRetry: true,
        retry: { scope: 'turn', maxAttempts: 3 },
      }),
      stamp({ type: 'agent-start', agentId: 'other', round: 1, attempt: 2, reason: 'retry' }),
      stamp({
        type: 'run-end',
        stopReason: 'all-agents-failed',
        error: {
          code: 'BACKEND_OVERLOADED',
          message: 'Every agent stopped. The server is overloaded.',
          retryable: false,
        },
      }),
    ].map((event) => lines.describe(event));
    expect(described).toEqual([
      'solo: The server is overloaded. (BACKEND_OVERLOADED); the request is sent again in 1.0s (attempt 2 of 3)',
      'solo: the same failure again (BACKEND_OVERLOADED); the request is sent again in 2.0s (attempt 3 of 3)',
      'Agent "solo" (chatcompletion/m) was dropped after 3 failed request attempts: the same failure again (BACKEND_OVERLOADED)',
      'Agent "other" (chatcompletion/m) was dropped after 3 failed request attempts: the same failure as solo (BACKEND_OVERLOADED)',
      'other: No call. (WORKFLOW_VIOLATION); the turn is tried again (attempt 2 of 3)',
      undefined,
      'Finished (stop reason: all-agents-failed)',
    ]);
  });

  it('says whether the final answer was presented or stands as submitted', () => {
    const lines = new ProgressLines();
    expect(lines.describe(stamp({ type: 'final', agentId: 'a', label: 'agent1.final', content: 'x' }))).toBe(
      'a presented the final answer',
    );
    expect(lines.describe(stamp({ type: 'final', agentId: 'a', label: 'agent1.1', content: 'x' }))).toBe(
      "a's answer agent1.1 is the final answer, as submitted",
    );
  });
});
