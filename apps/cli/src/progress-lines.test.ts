import { describe, expect, it } from 'vitest';
import type { CoordinationEvent, RunEvent } from '@massgen/core';
import { ProgressLines } from './progress-lines.js';

let seq = 0;
function stamp(event: CoordinationEvent, time = 1_000): RunEvent {
  seq += 1;
  return { ...event, runId: 'r', seq, time };
}

/** What one `ProgressLines` says of each event in turn: `undefined` where it says nothing. */
function describeEach(events: readonly RunEvent[]): (string | undefined)[] {
  const lines = new ProgressLines();
  return events.map((event) => lines.describe(event));
}

describe('ProgressLines', () => {
  it('tells who answers, who votes for whom and who fails, in plain words', () => {
    // Each event beside what is said of it: `undefined` where nothing is.
    const told: Array<[RunEvent, string | undefined]> = [
      [
        stamp({
          type: 'run-start',
          task: 'q',
          strategy: 'vote',
          agents: [
            { id: 'alpha', provider: 'openai', modelId: 'gpt-5' },
            { id: 'beta', provider: 'claude', modelId: '' },
          ],
        }),
        'Starting 2 agents: alpha (openai, gpt-5), beta (claude)',
      ],
      [
        stamp({ type: 'agent-start', agentId: 'alpha', round: 1, attempt: 1, reason: 'initial' }),
        'alpha is working on an answer',
      ],
      [stamp({ type: 'agent-delta', agentId: 'alpha', kind: 'text', text: 'thinking out loud' }), undefined],
      [
        stamp({ type: 'answer', agentId: 'alpha', label: 'agent1.1', content: 'It is four.', round: 1 }),
        'alpha answered (agent1.1, 3 words)',
      ],
      [
        stamp({
          type: 'vote',
          agentId: 'beta',
          targetAgentId: 'alpha',
          targetLabel: 'agent1.1',
          reason: 'Correct\nand short.',
          round: 2,
        }),
        'beta voted for alpha (agent1.1) in round 2: Correct and short.',
      ],
      [
        stamp({
          type: 'agent-error',
          agentId: 'beta',
          attempt: 1,
          willRetry: false,
          error: { code: 'BACKEND_AUTH', message: 'key rejected', retryable: false },
        }),
        'beta failed: key rejected (BACKEND_AUTH)',
      ],
      [stamp({ type: 'run-end', stopReason: 'consensus' }, 3_500), 'Finished in 2.5s (stop reason: consensus)'],
    ];
    expect(describeEach(told.map(([event]) => event))).toEqual(told.map(([, line]) => line));
  });

  it('says how far an agent’s task plan has come each time it changes', () => {
    const lines = new ProgressLines();
    const plan = (status: 'pending' | 'in_progress' | 'completed') =>
      lines.describe(
        stamp({
          type: 'task-plan',
          agentId: 'alpha',
          tasks: [
            { id: 'task_1', description: 'Read', status },
            { id: 'task_2', description: 'Write', status: 'pending', dependsOn: ['task_1'] },
          ],
        }),
      );
    expect(plan('pending')).toBe("alpha's plan: 0 of 2 done, next: task_1 Read");
    expect(plan('in_progress')).toBe("alpha's plan: 0 of 2 done, now: task_1 Read");
    expect(plan('completed')).toBe("alpha's plan: 1 of 2 done, next: task_2 Write");
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
    const overloaded = { code: 'BACKEND_OVERLOADED' as const, message: 'The server is overloaded.', retryable: true };
    const described = describeEach([
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
    ]);
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

describe('ProgressLines for a large team', () => {
  const twelve = Array.from({ length: 12 }, (_, index) => `agent${String(index + 1).padStart(2, '0')}`);
  const start = stamp({
    type: 'run-start',
    task: 'q',
    strategy: 'vote',
    agents: twelve.map((id, index) => ({ id, provider: 'chatcompletion', modelId: index < 8 ? 'small' : 'large' })),
  });
  const vote = (agentId: string, target: string, label: string) =>
    stamp({ type: 'vote', agentId, targetAgentId: target, targetLabel: label, reason: 'r', round: 1 });

  it('sums the team up instead of a line per agent: counts and leaders every few answers and votes, and at each round', () => {
    const described = describeEach([
      start,
      stamp({ type: 'round', round: 1 }),
      ...twelve.map((agentId) => stamp({ type: 'agent-start', agentId, round: 1, attempt: 1, reason: 'initial' })),
      ...twelve.map((agentId, index) =>
        stamp({ type: 'answer', agentId, label: `agent${index + 1}.1`, content: 'Four.', round: 1 }),
      ),
      ...twelve.slice(0, 3).map((agentId) => vote(agentId, 'agent02', 'agent2.1')),
      stamp({ type: 'restart', agentId: 'agent05', reason: 'new answers' }),
      stamp({ type: 'round', round: 2 }),
    ]).filter((line) => line !== undefined);
    expect(described).toEqual([
      'Starting 12 agents: agent01, agent02, agent03 and 9 more (chatcompletion/small ×8, chatcompletion/large ×4)',
      'Round 1: 12 waiting · 0 answers',
      'Team: 9 working, 3 answered · 3 answers',
      'Team: 6 working, 6 answered · 6 answers',
      'Team: 3 working, 9 answered · 9 answers',
      'Team: 12 answered · 12 answers',
      'Team: 9 answered, 3 voted · 12 answers · leading: agent2.1 (agent02) 3 votes',
      'Round 2: 9 answered, 3 voted · 12 answers · leading: agent2.1 (agent02) 3 votes',
    ]);
  });

  it('says how the islands are made up, when each has decided, and when the group winners meet', () => {
    const groups = [twelve.slice(0, 4), twelve.slice(4, 8), twelve.slice(8, 12)];
    const described = describeEach([
      start,
      stamp({ type: 'groups', topology: 'islands', stage: 1, groups }),
      ...twelve
        .slice(0, 4)
        .map((agentId, index) =>
          stamp({ type: 'answer', agentId, label: `agent${index + 1}.1`, content: 'Four.', round: 1, keptVotes: [] }),
        ),
      ...twelve.slice(0, 3).map((agentId) => vote(agentId, 'agent02', 'agent2.1')),
      stamp({ type: 'agent-killed', agentId: 'agent04', reason: 'Agent "agent04" was dropped' }),
      stamp({ type: 'groups', topology: 'islands', stage: 2, groups: [['agent02', 'agent06', 'agent10']] }),
      stamp({ type: 'groups', topology: 'tournament', stage: 3, groups: [['agent02', 'agent06'], ['agent10']] }),
      stamp({ type: 'groups', topology: 'tournament', stage: 4, groups: [['agent02']] }),
    ])
      .flatMap((line) => line?.split('\n') ?? [])
      .filter((line) => !line.startsWith('Team:'));
    expect(described).toEqual([
      'Starting 12 agents: agent01, agent02, agent03 and 9 more (chatcompletion/small ×8, chatcompletion/large ×4)',
      'Islands: 3 groups (agent01–agent04, agent05–agent08, agent09–agent12); each votes within itself, then the group winners meet',
      'Agent "agent04" was dropped',
      'Island 1 (agent01–agent04) decided: agent2.1 (agent02) with 3 of 3 votes',
      'Islands final: the 3 group winners (agent02, agent06, agent10) vote among themselves',
      'Tournament stage 3: 3 agents in 2 matches',
      "Tournament stage 4: agent02's answer is the last one left",
    ]);
  });

  it('writes a failure the whole team shares once, with its first agent, and counts the rest', () => {
    const rejected = { code: 'BACKEND_AUTH' as const, message: 'The key was rejected.', retryable: false };
    const described = describeEach([
      start,
      ...twelve.flatMap((agentId) => [
        stamp({
          type: 'agent-error',
          agentId,
          error: { ...rejected, retryable: true },
          attempt: 1,
          willRetry: true,
          retry: { scope: 'request', maxAttempts: 2 },
        }),
        stamp({ type: 'agent-killed', agentId, reason: `Agent "${agentId}" was dropped`, error: rejected }),
      ]),
    ])
      .flatMap((line) => line?.split('\n') ?? [])
      .slice(1);
    expect(described).toEqual([
      'agent01: The key was rejected. (BACKEND_AUTH); the request is sent again (attempt 2 of 2)',
      'Agent "agent01" was dropped: the same failure again (BACKEND_AUTH)',
      'Team: 9 waiting, 3 failed · 0 answers',
      'Team: 6 waiting, 6 failed · 0 answers',
      'Team: 3 waiting, 9 failed · 0 answers',
      'Team: 12 failed · 0 answers',
    ]);
  });

  it('leaves a team of eight as it was: a line per agent', () => {
    const lines = new ProgressLines();
    lines.describe(
      stamp({
        type: 'run-start',
        task: 'q',
        strategy: 'vote',
        agents: twelve.slice(0, 8).map((id) => ({ id, provider: 'chatcompletion', modelId: '' })),
      }),
    );
    expect(
      lines.describe(stamp({ type: 'agent-start', agentId: 'agent01', round: 1, attempt: 1, reason: 'initial' })),
    ).toBe('agent01 is working on an answer');
    expect(
      lines.describe(
        stamp({ type: 'groups', topology: 'islands', stage: 1, groups: [twelve.slice(0, 4), twelve.slice(4, 8)] }),
      ),
    ).toBeUndefined();
  });
});
