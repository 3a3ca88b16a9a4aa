import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { abortOnSilence } from './abort-on-silence.js';

/** A source whose items the test releases one by one, and which ends when aborted. */
function controlledSource() {
  const pending: Array<(result: IteratorResult<number>) => void> = [];
  let aborted = false;
  const source: AsyncIterable<number> = {
    [Symbol.asyncIterator]: () => ({
      next: () =>
        aborted ? Promise.resolve({ done: true, value: undefined }) : new Promise((resolve) => pending.push(resolve)),
    }),
  };
  return {
    source,
    release(value: number) {
      pending.shift()?.({ done: false, value });
    },
    abort() {
      aborted = true;
      for (const resolve of pending.splice(0)) resolve({ done: true, value: undefined });
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('abortOnSilence', () => {
  it('aborts the source once it stays silent for the limit, between items', async () => {
    const controlled = controlledSource();
    const onSilence = vi.fn(() => controlled.abort());
    const iterator = abortOnSilence(controlled.source, 1000, onSilence)[Symbol.asyncIterator]();
    const first = iterator.next();
    controlled.release(1);
    expect(await first).toEqual({ done: false, value: 1 });
    const second = iterator.next();
    await vi.advanceTimersByTimeAsync(999);
    expect(onSilence).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onSilence).toHaveBeenCalledTimes(1);
    expect(await second).toEqual({ done: true, value: undefined });
  });

  it('does not count the time the consumer spends between items', async () => {
    const controlled = controlledSource();
    const onSilence = vi.fn(() => controlled.abort());
    const iterator = abortOnSilence(controlled.source, 1000, onSilence)[Symbol.asyncIterator]();
    const first = iterator.next();
    controlled.release(1);
    await first;
    await vi.advanceTimersByTimeAsync(5000);
    const second = iterator.next();
    controlled.release(2);
    expect(await second).toEqual({ done: false, value: 2 });
    expect(onSilence).not.toHaveBeenCalled();
    await iterator.return?.(undefined);
    await vi.advanceTimersByTimeAsync(5000);
    expect(onSilence).not.toHaveBeenCalled();
  });
});
