import { describe, expect, it } from 'vitest';
import { appendTimeline, timelineEntry, timelineLimit } from './timeline.js';
import type { TimelineEntry } from './timeline.js';
import { consensusOf, fixtureStart, runStart, stampEvents, tallyEntry } from './run-event-fixtures.js';

describe('timelineEntry', () => {
  const [vote, error, retry, consensus, delta] = stampEvents([
    {
      type: 'vote',
      agentId: 'beta',
      targetAgentId: 'alpha',
      targetLabel: 'A1.1',
      reason: 'Clear\nand right.',
      confidence: 0.9,
      round: 1,
    },
    {
      type: 'agent-error',
      agentId: 'gamma',
      error: { code: 'BACKEND_AUTH', message: 'Bad key.', retryable: false },
      attempt: 1,
      willRetry: false,
    },
    {
      type: 'agent-error',
      agentId: 'gamma',
      error: { code: 'BACKEND_RATE_LIMIT', message: 'Slow down.', retryable: true },
      attempt: 2,
      willRetry: true,
    },
    consensusOf([tallyEntry('A1.1', 'alpha', 2), tallyEntry('A2.1', 'beta', 1)]),
    { type: 'agent-delta', agentId: 'alpha', kind: 'text', text: 'x' },
  ]);

  it('describes a vote with its target, confidence and reason on one line', () => {
    expect(timelineEntry(vote!, fixtureStart)).toEqual({
      seq: 0,
      at: 0,
      kind: 'vote',
      agentId: 'beta',
      text: 'beta voted A1.1 (alpha) (confidence 0.9): Clear and right.',
    });
  });

  it('tells a failure from a retry', () => {
    expect(timelineEntry(error!, fixtureStart)).toMatchObject({
      kind: 'error',
      at: 1000,
      text: 'gamma failed: Bad key. (BACKEND_AUTH)',
    });
    expect(timelineEntry(retry!, fixtureStart)).toMatchObject({
      kind: 'retry',
      text: 'gamma: Slow down. (BACKEND_RATE_LIMIT); retrying',
    });
  });

  it('names a failure in full once, then as a repeat, saying which attempt of how many comes next', () => {
    const failure = { code: 'BACKEND_OVERLOADED' as const, message: 'The server is overloaded.', retryable: true };
    const events = stampEvents([
      runStart(['alpha', 'beta']),
      {
        type: 'agent-error',
        agentId: 'alpha',
        error: failure,
        attempt: 1,
        willRetry: true,
        retry: { scope: 'request', maxAttempts: 3, delayMs: 1000 },
      },
      {
        type: 'agent-error',
        agentId: 'alpha',
        error: failure,
        attempt: 2,
        willRetry: true,
        retry: { scope: 'request', maxAttempts: 3, delayMs: 2000 },
      },
      {
        type: 'agent-killed',
        agentId: 'alpha',
        reason: 'Agent "alpha" (chatcompletion/model-a) was dropped after 3 failed request attempts',
        error: { ...failure, attempts: 3 },
      },
      { type: 'agent-killed', agentId: 'beta', reason: 'Agent "beta" was dropped', error: failure },
    ]);
    const timeline = events.reduce<TimelineEntry[]>((entries, event) => {
      const entry = timelineEntry(event, fixtureStart, entries);
      return entry === undefined ? entries : appendTimeline(entries, entry);
    }, []);
    expect(timeline.map((entry) => entry.text)).toEqual([
      'alpha: The server is overloaded. (BACKEND_OVERLOADED); request attempt 2 of 3',
      'alpha: the same failure again (BACKEND_OVERLOADED); request attempt 3 of 3',
      'Agent "alpha" (chatcompletion/model-a) was dropped after 3 failed request attempts: the same failure again (BACKEND_OVERLOADED)',
      'Agent "beta" was dropped: the same failure as alpha (BACKEND_OVERLOADED)',
    ]);
  });

  it('names the winner and its share of the votes', () => {
    expect(timelineEntry(consensus!, fixtureStart)?.text).toBe('alpha wins with 2/3 votes (consensus)');
  });

  it('says a winner chosen with no votes cast as such, not as a share of zero', () => {
    const [chosen] = stampEvents([
      { type: 'consensus', winnerAgentId: 'alpha', winnerLabel: 'A1.1', tally: [], stopReason: 'answer-now' },
    ]);
    expect(timelineEntry(chosen!, fixtureStart)?.text).toBe(
      "alpha's answer A1.1 is chosen, with no votes cast (answer-now)",
    );
  });

  it('shows an orchestration restart as one line with its attempt and reason', () => {
    const [restart] = stampEvents([
      {
        type: 'orchestration-restart',
        agentId: 'alpha',
        attempt: 2,
        maxAttempts: 3,
        reason: 'Misses\nthe population.',
        instructions: 'Add it.',
        previousAnswer: 'Paris.',
      },
    ]);
    expect(timelineEntry(restart!, fixtureStart)).toMatchObject({
      kind: 'restart',
      agentId: 'alpha',
      text: 'alpha restarted the coordination (attempt 2 of 3): Misses the population.',
    });
  });

  it('leaves streaming text out', () => {
    expect(timelineEntry(delta!, fixtureStart)).toBeUndefined();
  });

  it('keeps a bounded number of entries, the newest', () => {
    let timeline = [] as ReturnType<typeof appendTimeline>;
    for (let seq = 0; seq < timelineLimit + 5; seq += 1)
      timeline = appendTimeline(timeline, { seq, at: seq, kind: 'round', text: `round ${seq}` });
    expect(timeline).toHaveLength(timelineLimit);
    expect(timeline[0]?.seq).toBe(5);
  });
});
