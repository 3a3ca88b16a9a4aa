import { describe, expect, it } from 'vitest';
import { mcNemarExact, pairedDifference, wilsonInterval } from './statistics.js';

describe('wilsonInterval', () => {
  it('matches the hand-worked 95% Wilson interval for 8 right out of 10', () => {
    // p = 0.8, z = 1.95996: centre = (0.8 + z²/20) / (1 + z²/10) = 0.99207 / 1.38415 = 0.71674,
    // half width = z·√(0.8·0.2/10 + z²/400) / 1.38415 = 1.95996 · 0.16000 / 1.38415 = 0.22656.
    const interval = wilsonInterval(8, 10);
    expect(interval.low).toBeCloseTo(0.4902, 4);
    expect(interval.high).toBeCloseTo(0.9433, 4);
  });

  it('stays inside [0, 1] at the edges, where the normal interval would collapse to a point', () => {
    expect(wilsonInterval(0, 10).low).toBe(0);
    expect(wilsonInterval(0, 10).high).toBeCloseTo(0.2775, 4);
    expect(wilsonInterval(10, 10).low).toBeCloseTo(0.7225, 4);
    expect(wilsonInterval(10, 10).high).toBe(1);
  });

  it('narrows as the sample grows', () => {
    const small = wilsonInterval(5, 10);
    const large = wilsonInterval(500, 1000);
    expect(large.high - large.low).toBeLessThan((small.high - small.low) / 5);
  });
});

describe('pairedDifference', () => {
  it('gives the mean difference with a 95% interval from the paired differences', () => {
    // Differences 1, 0, 1, 0: mean 0.5, sample variance 1/3, standard error √(1/12) = 0.288675,
    // half width 1.95996 · 0.288675 = 0.565794; the top is clipped at +1.
    const result = pairedDifference([1, 1, 1, 0], [0, 1, 0, 0]);
    expect(result.pairs).toBe(4);
    expect(result.mean).toBe(0.5);
    expect(result.interval.low).toBeCloseTo(-0.0658, 4);
    expect(result.interval.high).toBe(1);
    expect(result.firstOnly).toBe(2);
    expect(result.secondOnly).toBe(0);
    expect(result.pValue).toBeCloseTo(0.5, 10);
  });

  it('has no spread when the two configurations agree on every question', () => {
    const result = pairedDifference([1, 0, 1], [1, 0, 1]);
    expect(result).toMatchObject({ mean: 0, interval: { low: 0, high: 0 }, pValue: 1 });
  });
});

describe('mcNemarExact', () => {
  it('is the two-sided binomial tail on the discordant pairs', () => {
    expect(mcNemarExact(10, 0)).toBeCloseTo(2 / 1024, 12);
    // b = 3, c = 1: 2 · (C(4,0) + C(4,1)) / 16 = 0.625.
    expect(mcNemarExact(3, 1)).toBeCloseTo(0.625, 12);
    expect(mcNemarExact(2, 2)).toBe(1);
    expect(mcNemarExact(0, 0)).toBe(1);
  });

  it('stays finite for large samples', () => {
    const p = mcNemarExact(600, 400);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(1e-9);
  });
});
