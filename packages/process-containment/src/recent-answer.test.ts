import { describe, expect, it } from 'vitest';
import { recentAnswer } from './recent-answer.js';

function countingProbe(): { probe: () => Promise<number>; calls: () => number } {
  let calls = 0;
  return {
    probe: () => {
      calls += 1;
      return Promise.resolve(calls);
    },
    calls: () => calls,
  };
}

describe('recentAnswer', () => {
  it('shares one probe among the callers within its lifetime, and probes again after it', async () => {
    const { probe, calls } = countingProbe();
    let time = 1_000;
    const ask = recentAnswer(probe, () => 'engine', { lifetimeMs: 10_000, now: () => time });

    const first = await Promise.all([ask(), ask(), ask()]);
    time += 10_000;
    const withinLifetime = await ask();
    time += 1;
    const afterLifetime = await ask();

    expect(first).toEqual([1, 1, 1]);
    expect(withinLifetime).toBe(1);
    expect(afterLifetime).toBe(2);
    expect(calls()).toBe(2);
  });

  it('probes afresh when the key changes', async () => {
    const { probe, calls } = countingProbe();
    let host = 'unix:///var/run/docker.sock';
    const ask = recentAnswer(probe, () => host, { lifetimeMs: 10_000, now: () => 0 });

    await ask();
    host = 'tcp://127.0.0.1:2375';
    expect(await ask()).toBe(2);
    expect(await ask()).toBe(2);
    expect(calls()).toBe(2);
  });
});
