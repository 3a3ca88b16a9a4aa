import type { BatchResult } from './batch-result.js';
import type { Scorer } from './scorers.js';
import { pairedDifference, wilsonInterval } from './statistics.js';
import type { Interval, PairedDifference } from './statistics.js';

export interface ConfigurationSummary {
  config: string;
  results: number;
  failed: number;
  /** Results whose question has an expected answer; a failed run scores 0. */
  scored: number;
  /** Sum of the scores (the number right, for 0/1 scorers). */
  correct: number;
  accuracy?: number;
  /** Wilson score interval, 95%. */
  accuracyInterval?: Interval;
  meanTokens: number;
  meanCostUsd: number;
  meanDurationMs: number;
}

export interface PairSummary extends PairedDifference {
  first: string;
  second: string;
  /** Mean per-question cost of first minus second, over the same pairs. */
  meanCostDifferenceUsd: number;
  meanTokenDifference: number;
}

export interface BatchSummary {
  scorer?: string;
  configurations: ConfigurationSummary[];
  pairs: PairSummary[];
}

/**
 * Scores every result that has an expected answer and sums up each configuration, then
 * compares each pair of configurations on the questions both have a score for.
 */
export async function summarizeResults(
  results: readonly BatchResult[],
  configs: readonly string[],
  scorer: Scorer | undefined,
): Promise<BatchSummary> {
  const scores = new Map<string, Map<string, number>>(configs.map((config) => [config, new Map()]));
  const configurations: ConfigurationSummary[] = [];
  for (const config of configs) {
    const own = results.filter((result) => result.config === config);
    const scored = scores.get(config) as Map<string, number>;
    if (scorer !== undefined) {
      for (const result of own) {
        if (result.expected === undefined) continue;
        const { score } =
          result.answer === undefined
            ? { score: 0 }
            : await scorer.score({
                answer: result.answer,
                expected: result.expected,
                question: result.question,
                id: result.id,
              });
        scored.set(result.id, score);
      }
    }
    const correct = [...scored.values()].reduce((sum, score) => sum + score, 0);
    configurations.push({
      config,
      results: own.length,
      failed: own.filter((result) => result.status === 'failed').length,
      scored: scored.size,
      correct,
      ...(scored.size === 0
        ? {}
        : { accuracy: correct / scored.size, accuracyInterval: wilsonInterval(correct, scored.size) }),
      meanTokens: mean(own.map((result) => result.tokens.total)),
      meanCostUsd: mean(own.map((result) => result.costUsd)),
      meanDurationMs: mean(own.map((result) => result.durationMs)),
    });
  }
  const pairs: PairSummary[] = [];
  for (const [index, first] of configs.entries()) {
    for (const second of configs.slice(index + 1)) {
      const firstScores = scores.get(first) as Map<string, number>;
      const secondScores = scores.get(second) as Map<string, number>;
      const shared = [...firstScores.keys()].filter((id) => secondScores.has(id));
      if (shared.length === 0) continue;
      const byId = (config: string): Map<string, BatchResult> =>
        new Map(results.filter((result) => result.config === config).map((result) => [result.id, result]));
      const firstResults = byId(first);
      const secondResults = byId(second);
      pairs.push({
        first,
        second,
        ...pairedDifference(
          shared.map((id) => firstScores.get(id) ?? 0),
          shared.map((id) => secondScores.get(id) ?? 0),
        ),
        meanCostDifferenceUsd: mean(
          shared.map((id) => (firstResults.get(id)?.costUsd ?? 0) - (secondResults.get(id)?.costUsd ?? 0)),
        ),
        meanTokenDifference: mean(
          shared.map((id) => (firstResults.get(id)?.tokens.total ?? 0) - (secondResults.get(id)?.tokens.total ?? 0)),
        ),
      });
    }
  }
  return { ...(scorer === undefined ? {} : { scorer: scorer.name }), configurations, pairs };
}

/** The summary as the text printed at the end of a batch. */
export function formatSummary(summary: BatchSummary): string {
  const lines: string[] = [];
  const anyScored = summary.configurations.some((entry) => entry.scored > 0);
  lines.push(
    anyScored
      ? `Summary (scorer: ${summary.scorer}; accuracy with a 95% Wilson score interval; a failed run scores 0)`
      : 'Summary',
  );
  for (const entry of summary.configurations) {
    const accuracy =
      entry.accuracy === undefined || entry.accuracyInterval === undefined
        ? ''
        : `accuracy ${percent(entry.accuracy)} [${percent(entry.accuracyInterval.low)}, ${percent(entry.accuracyInterval.high)}] (${round(entry.correct)}/${entry.scored}), `;
    lines.push(
      `  ${entry.config}: ${entry.results} result${entry.results === 1 ? '' : 's'}, ${entry.failed} failed, ${accuracy}` +
        `mean ${Math.round(entry.meanTokens).toLocaleString('en-US')} tokens, ${dollars(entry.meanCostUsd)}, ${(entry.meanDurationMs / 1000).toFixed(1)}s per question`,
    );
  }
  for (const pair of summary.pairs) {
    lines.push(
      `  ${pair.first} − ${pair.second}: ${signedPoints(pair.mean)} [${signedPoints(pair.interval.low)}, ${signedPoints(pair.interval.high)}] on ${pair.pairs} paired question${pair.pairs === 1 ? '' : 's'} ` +
        `(only ${pair.first} right: ${pair.firstOnly}, only ${pair.second} right: ${pair.secondOnly}, exact McNemar p = ${pair.pValue.toPrecision(2)}); ` +
        `cost ${pair.meanCostDifferenceUsd >= 0 ? '+' : '−'}${dollars(Math.abs(pair.meanCostDifferenceUsd))}, tokens ${pair.meanTokenDifference >= 0 ? '+' : '−'}${Math.round(Math.abs(pair.meanTokenDifference)).toLocaleString('en-US')} per question`,
    );
  }
  return `${lines.join('\n')}\n`;
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}

function percent(value: number): string {
  return `${(value * 100).toFixed(1)}%`;
}

function signedPoints(value: number): string {
  const points = (value * 100).toFixed(1);
  return `${value >= 0 ? '+' : '−'}${points.replace('-', '')} pts`;
}

function dollars(value: number): string {
  return `$${value.toFixed(value >= 1 ? 2 : 4)}`;
}

function round(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}
