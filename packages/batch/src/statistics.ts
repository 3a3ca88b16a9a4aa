/** z for a two-sided 95% interval. */
const z95 = 1.959963984540054;

export interface Interval {
  low: number;
  high: number;
}

/**
 * The Wilson score interval for a proportion at 95%. Unlike the normal ("Wald") interval it
 * stays within [0, 1] and keeps its coverage for small samples and proportions near 0 or 1,
 * which is where evaluations on a few dozen questions live. `successes` may be fractional
 * (the sum of partial scores).
 */
export function wilsonInterval(successes: number, trials: number): Interval {
  if (trials <= 0) return { low: 0, high: 1 };
  const p = successes / trials;
  const z2 = z95 * z95;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z95 * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  // At 0 or all successes the bound is exactly 0 or 1; rounding would leave 0.9999999999999999.
  return {
    low: successes <= 0 ? 0 : Math.max(0, centre - half),
    high: successes >= trials ? 1 : Math.min(1, centre + half),
  };
}

export interface PairedDifference {
  /** Questions both configurations answered. */
  pairs: number;
  /** Mean of (first − second) over the pairs. */
  mean: number;
  /** 95% interval of the mean difference (normal approximation on the paired differences). */
  interval: Interval;
  /** Pairs the first got right and the second wrong, and the other way round (for 0/1 scores). */
  firstOnly: number;
  secondOnly: number;
  /** Two-sided exact McNemar test on the discordant pairs (binomial, p = 1/2). */
  pValue: number;
}

/**
 * The difference between two configurations on the same questions. Pairing removes the
 * question-to-question variation that two independent accuracies would carry.
 */
export function pairedDifference(first: readonly number[], second: readonly number[]): PairedDifference {
  const pairs = Math.min(first.length, second.length);
  const differences = Array.from({ length: pairs }, (_, index) => (first[index] ?? 0) - (second[index] ?? 0));
  const mean = pairs === 0 ? 0 : differences.reduce((sum, value) => sum + value, 0) / pairs;
  const variance = pairs < 2 ? 0 : differences.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (pairs - 1);
  const half = pairs === 0 ? 1 : z95 * Math.sqrt(variance / pairs);
  const firstOnly = differences.filter((value) => value > 0).length;
  const secondOnly = differences.filter((value) => value < 0).length;
  return {
    pairs,
    mean,
    interval: { low: Math.max(-1, mean - half), high: Math.min(1, mean + half) },
    firstOnly,
    secondOnly,
    pValue: mcNemarExact(firstOnly, secondOnly),
  };
}

/** Two-sided exact binomial test of b successes in b + c trials at p = 1/2. */
export function mcNemarExact(b: number, c: number): number {
  const n = b + c;
  if (n === 0) return 1;
  const k = Math.min(b, c);
  let tail = 0;
  // Sum of C(n, i) / 2^n for i ≤ k, in logs so large n neither overflows nor underflows.
  for (let i = 0; i <= k; i += 1) tail += Math.exp(logChoose(n, i) - n * Math.LN2);
  return Math.min(1, 2 * tail);
}

function logChoose(n: number, k: number): number {
  let sum = 0;
  for (let i = 1; i <= k; i += 1) sum += Math.log(n - k + i) - Math.log(i);
  return sum;
}
