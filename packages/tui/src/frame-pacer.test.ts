import { describe, expect, it } from 'vitest';
import { FramePacer } from './frame-pacer.js';

const options = { minIntervalMs: 100, maxIntervalMs: 500, budget: 0.05 };

describe('FramePacer', () => {
  it('draws at the capped rate while frames are cheap', () => {
    const pacer = new FramePacer(options);
    expect(pacer.intervalMs).toBe(100);
    pacer.recordFrame(2);
    expect(pacer.intervalMs).toBe(100);
  });

  it('spaces dear frames so drawing keeps to its share of the time', () => {
    const pacer = new FramePacer(options);
    pacer.recordFrame(10);
    expect(pacer.intervalMs).toBe(200);
  });

  it('follows the cost smoothly and never waits longer than the maximum', () => {
    const pacer = new FramePacer(options);
    pacer.recordFrame(10);
    pacer.recordFrame(20);
    expect(pacer.intervalMs).toBeCloseTo(300);
    for (let frame = 0; frame < 20; frame += 1) pacer.recordFrame(100);
    expect(pacer.intervalMs).toBe(500);
  });

  it('ignores nonsense measurements', () => {
    const pacer = new FramePacer(options);
    pacer.recordFrame(Number.NaN);
    pacer.recordFrame(-5);
    expect(pacer.intervalMs).toBe(100);
  });
});
