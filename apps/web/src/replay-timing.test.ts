import { describe, expect, it } from 'vitest';
import type { RunEvent } from '@massgen/core';
import { longestPauseMs, nextStep } from './replay-timing.js';

const at = (...times: number[]): RunEvent[] =>
  times.map((time, seq) => ({ type: 'round', round: 1, runId: 'r', seq, time }));

describe('nextStep', () => {
  it('waits the time between two events, divided by the speed', () => {
    expect(nextStep(at(0, 500, 1000), 1, 1)).toEqual({ count: 1, delayMs: 500 });
    expect(nextStep(at(0, 500, 1000), 1, 2)).toEqual({ count: 1, delayMs: 250 });
  });

  it('shows events less than a frame apart together', () => {
    expect(nextStep(at(0, 100, 101, 102, 103, 900), 1, 1)).toEqual({ count: 4, delayMs: 100 });
  });

  it('skips long idle gaps', () => {
    expect(nextStep(at(0, 60_000), 1, 1)?.delayMs).toBe(longestPauseMs);
  });

  it('ends at the last event', () => {
    expect(nextStep(at(0, 1), 2, 1)).toBeUndefined();
  });
});
