import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSilenceTimer } from './silence-timer.js';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

/** A source whose items arrive when the test pushes them. */
function pushedSource(): { source: AsyncIterable<number>; push: (value: number) => void; end: () => void } {
  const waiting: Array<(result: IteratorResult<number>) => void> = [];
  return {
    source: {
      [Symbol.asyncIterator]: () => ({
        next: () => new Promise<IteratorResult<number>>((resolve) => waiting.push(resolve)),
      }),
    },
    push: (value) => waiting.shift()?.({ value, done: false }),
    end: () => waiting.shift()?.({ value: undefined, done: true }),
  };
}

describe('startSilenceTimer', () => {
  it('aborts its signal once the wait for a response outlasts the timeout', () => {
    const silence = startSilenceTimer(1000, undefined);
    vi.advanceTimersByTime(999);
    expect(silence.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(silence.signal.aborted).toBe(true);
    expect(silence.expired).toBe(true);
  });

  it('times each wait between items, not the time the consumer spends on one', async () => {
    const silence = startSilenceTimer(1000, undefined);
    const { source, push, end } = pushedSource();
    const iterator = silence.watch(source)[Symbol.asyncIterator]();
    const first = iterator.next();
    vi.advanceTimersByTime(900);
    push(1);
    expect(await first).toEqual({ value: 1, done: false });
    vi.advanceTimersByTime(5000);
    expect(silence.signal.aborted).toBe(false);
    const second = iterator.next();
    await Promise.resolve();
    vi.advanceTimersByTime(900);
    push(2);
    expect(await second).toEqual({ value: 2, done: false });
    const third = iterator.next();
    end();
    expect(await third).toEqual({ value: undefined, done: true });
    vi.advanceTimersByTime(5000);
    expect(silence.expired).toBe(false);
  });

  it('fires during a wait between two items', async () => {
    const silence = startSilenceTimer(1000, undefined);
    const { source, push } = pushedSource();
    const iterator = silence.watch(source)[Symbol.asyncIterator]();
    const first = iterator.next();
    push(1);
    await first;
    void iterator.next();
    await vi.advanceTimersByTimeAsync(1000);
    expect(silence.expired).toBe(true);
    expect(silence.signal.aborted).toBe(true);
  });

  it("follows the caller's signal, without counting it as silence", () => {
    const caller = new AbortController();
    const silence = startSilenceTimer(1000, caller.signal);
    caller.abort();
    expect(silence.signal.aborted).toBe(true);
    expect(silence.expired).toBe(false);
    const already = startSilenceTimer(1000, caller.signal);
    expect(already.signal.aborted).toBe(true);
  });

  it('ends the request on close and never fires afterwards', () => {
    const silence = startSilenceTimer(1000, undefined);
    silence.close();
    expect(silence.signal.aborted).toBe(true);
    vi.advanceTimersByTime(5000);
    expect(silence.expired).toBe(false);
  });
});
