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
    pacer.recordFrame(14);
    expect(pacer.intervalMs).toBe(240);
  });

  it('never waits longer than the maximum', () => {
    const pacer = new FramePacer(options);
    pacer.recordFrame(100);
    expect(pacer.intervalMs).toBe(500);
  });

  it('forgets a slow first frame once a few cheap ones follow', () => {
    const pacer = new FramePacer(options);
    pacer.recordFrame(240);
    pacer.recordFrame(6);
    expect(pacer.intervalMs).toBe(500);
    pacer.recordFrame(5);
    expect(pacer.intervalMs).toBe(120);
    for (let frame = 0; frame < 5; frame += 1) pacer.recordFrame(4);
    expect(pacer.intervalMs).toBe(100);
  });

  it('ignores nonsense measurements', () => {
    const pacer = new FramePacer(options);
    pacer.recordFrame(Number.NaN);
    pacer.recordFrame(-5);
    expect(pacer.intervalMs).toBe(100);
  });
});
