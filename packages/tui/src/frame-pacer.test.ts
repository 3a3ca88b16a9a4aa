import { describe, expect, it } from 'vitest';
import { FramePacer } from './frame-pacer.js';

const options = { minIntervalMs: 100, maxIntervalMs: 500, budget: 0.05 };

/** Frames drawn (how long each took, in ms), then the interval the pacer must wait after them. */
interface Step {
  frames: number[];
  intervalMs: number;
}

describe('FramePacer', () => {
  it.each<[string, Step[]]>([
    [
      'draws at the capped rate while frames are cheap',
      [
        { frames: [], intervalMs: 100 },
        { frames: [2], intervalMs: 100 },
      ],
    ],
    [
      'spaces dear frames so drawing keeps to its share of the time',
      [
        { frames: [10], intervalMs: 200 },
        { frames: [14], intervalMs: 240 },
      ],
    ],
    ['never waits longer than the maximum', [{ frames: [100], intervalMs: 500 }]],
    [
      'forgets a slow first frame once a few cheap ones follow',
      [
        { frames: [240, 6], intervalMs: 500 },
        { frames: [5], intervalMs: 120 },
        { frames: [4, 4, 4, 4, 4], intervalMs: 100 },
      ],
    ],
    ['ignores nonsense measurements', [{ frames: [Number.NaN, -5], intervalMs: 100 }]],
  ])('%s', (_name, steps) => {
    const pacer = new FramePacer(options);
    for (const { frames, intervalMs } of steps) {
      for (const frame of frames) pacer.recordFrame(frame);
      expect(pacer.intervalMs).toBe(intervalMs);
    }
  });
});
