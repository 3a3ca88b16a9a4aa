import { describe, expect, it } from 'vitest';
import type { BatchResult } from './batch-result.js';
import { formatSummary, summarizeResults } from './batch-summary.js';
import { loadScorer } from './scorers.js';

function result(config: string, id: string, answer: string | undefined, costUsd: number, tokens: number): BatchResult {
  return {
    id,
    config,
    status: answer === undefined ? 'failed' : 'done',
    question: `What is ${id}?`,
    ...(answer === undefined ? {} : { answer }),
    expected: id,
    stopReason: answer === undefined ? 'all-agents-failed' : 'consensus',
    tokens: { input: tokens, output: 0, total: tokens },
    costUsd,
    durationMs: 2000,
    finishedAt: new Date(0).toISOString(),
  };
}

// Ten questions whose expected answer is their id. The team is right on 8 (q9 wrong, q10
// failed); the single agent on 5 (q1-q5); the single agent is never right where the team is wrong.
const results: BatchResult[] = [
  ...Array.from({ length: 10 }, (_, index) => {
    const id = String(index + 1);
    const answer = index === 8 ? 'wrong' : index === 9 ? undefined : id;
    return result('team', id, answer, 0.03, 3000);
  }),
  ...Array.from({ length: 10 }, (_, index) => {
    const id = String(index + 1);
    return result('single', id, index < 5 ? id : 'no', 0.01, 1000);
  }),
];

describe('summarizeResults', () => {
  it('gives accuracy with its Wilson interval, means per question, and the paired difference', async () => {
    const summary = await summarizeResults(results, ['team', 'single'], await loadScorer('exact', { cwd: '.' }));
    const [team, single] = summary.configurations;
    expect(team).toMatchObject({ config: 'team', results: 10, failed: 1, scored: 10, correct: 8, accuracy: 0.8 });
    expect(team?.accuracyInterval?.low).toBeCloseTo(0.4902, 4);
    expect(team?.accuracyInterval?.high).toBeCloseTo(0.9433, 4);
    expect(team?.meanTokens).toBe(3000);
    expect(team?.meanCostUsd).toBeCloseTo(0.03, 10);
    expect(single).toMatchObject({ correct: 5, accuracy: 0.5 });
    const [pair] = summary.pairs;
    // Differences: 0 on q1-q5, +1 on q6-q8, 0 on q9 and q10 (both wrong): mean 0.3.
    expect(pair).toMatchObject({ first: 'team', second: 'single', pairs: 10, firstOnly: 3, secondOnly: 0 });
    expect(pair?.mean).toBeCloseTo(0.3, 10);
    // Sample variance of the differences: (3 · 0.49 + 7 · 0.09) / 9 = 0.23333; half width
    // 1.95996 · √(0.23333 / 10) = 0.29939.
    expect(pair?.interval.low).toBeCloseTo(0.0006, 4);
    expect(pair?.interval.high).toBeCloseTo(0.5994, 4);
    expect(pair?.pValue).toBeCloseTo(0.25, 10);
    expect(pair?.meanCostDifferenceUsd).toBeCloseTo(0.02, 10);
    expect(pair?.meanTokenDifference).toBe(2000);
  });

  it('prints one line per configuration and per pair, saying which interval it is', async () => {
    const text = formatSummary(
      await summarizeResults(results, ['team', 'single'], await loadScorer('exact', { cwd: '.' })),
    );
    expect(text).toBe(
      [
        'Summary (scorer: exact; accuracy with a 95% Wilson score interval; a failed run scores 0)',
        '  team: 10 results, 1 failed, accuracy 80.0% [49.0%, 94.3%] (8/10), mean 3,000 tokens, $0.0300, 2.0s per question',
        '  single: 10 results, 0 failed, accuracy 50.0% [23.7%, 76.3%] (5/10), mean 1,000 tokens, $0.0100, 2.0s per question',
        '  team − single: +30.0 pts [+0.1 pts, +59.9 pts] on 10 paired questions (only team right: 3, only single right: 0, exact McNemar p = 0.25); cost +$0.0200, tokens +2,000 per question',
        '',
      ].join('\n'),
    );
  });

  it('leaves accuracy out when no question has an expected answer', async () => {
    const unscored = results.map(({ expected: _expected, ...rest }) => rest);
    const summary = await summarizeResults(unscored, ['team', 'single'], await loadScorer('exact', { cwd: '.' }));
    expect(summary.configurations[0]?.accuracy).toBeUndefined();
    expect(summary.pairs).toEqual([]);
    expect(formatSummary(summary)).not.toContain('accuracy');
  });
});
