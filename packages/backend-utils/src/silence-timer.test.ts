import { afterEach, describe, expect, it, vi } from 'vitest';
import { SilenceTimer, withSilenceTimeout } from './silence-timer.js';

afterEach(() => vi.useRealTimers());

describe('SilenceTimer', () => {
  it('fires once the count runs out without a touch, and not after stop', () => {
    vi.useFakeTimers();
    const onSilence = vi.fn();
    const timer = new SilenceTimer(1000, onSilence);
    timer.touch();
    vi.advanceTimersByTime(900);
    timer.touch();
    vi.advanceTimersByTime(900);
    expect(onSilence).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(onSilence).toHaveBeenCalledTimes(1);
    timer.touch();
    timer.stop();
    vi.advanceTimersByTime(5000);
    expect(onSilence).toHaveBeenCalledTimes(1);
  });
});

/** A source that yields the given items, then waits until `stop` is called. */
function stallingSource(items: string[]): { source: AsyncIterable<string>; stop: () => void; stopped: () => boolean } {
  let release: (() => void) | undefined;
  let stopped = false;
  const source = (async function* () {
    yield* items;
    await new Promise<void>((resolve) => {
      release = resolve;
    });
  })();
  return {
    source,
    stop: () => {
      stopped = true;
      release?.();
    },
    stopped: () => stopped,
  };
}

describe('withSilenceTimeout', () => {
  it('passes every item of a source that keeps talking', async () => {
    const items: number[] = [];
    for await (const item of withSilenceTimeout(
      (async function* () {
        yield* [1, 2, 3];
      })(),
      10_000,
      () => new Error('idle'),
    ))
      items.push(item);
    expect(items).toEqual([1, 2, 3]);
  });

  it('throws the error of onIdle once the source falls silent, after ending the source', async () => {
    const { source, stop, stopped } = stallingSource(['a', 'b']);
    const items: string[] = [];
    const failure = await (async () => {
      try {
        for await (const item of withSilenceTimeout(source, 20, () => {
          stop();
          return new Error('silent for too long');
        }))
          items.push(item);
        return undefined;
      } catch (error) {
        return error;
      }
    })();
    expect(items).toEqual(['a', 'b']);
    expect(failure).toEqual(new Error('silent for too long'));
    expect(stopped()).toBe(true);
  });

  describe('with a clock under test control', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('counts only the time spent waiting for the source, not the time the consumer holds an item', async () => {
      vi.useFakeTimers();
      const stream = withSilenceTimeout(
        (async function* () {
          yield* ['first', 'second'];
        })(),
        1_000,
        () => new Error('idle'),
      );
      expect(await stream.next()).toEqual({ value: 'first', done: false });
      await vi.advanceTimersByTimeAsync(5_000);
      expect(await stream.next()).toEqual({ value: 'second', done: false });
      expect(await stream.next()).toEqual({ value: undefined, done: true });
      expect(vi.getTimerCount()).toBe(0);
    });

    it('sets no timer until the stream is read', () => {
      vi.useFakeTimers();
      withSilenceTimeout(
        (async function* () {
          yield 'unread';
        })(),
        1_000,
        () => new Error('idle'),
      );
      expect(vi.getTimerCount()).toBe(0);
    });

    it('restarts the count at every read', async () => {
      vi.useFakeTimers();
      let release: ((value: string) => void) | undefined;
      const source = (async function* () {
        for (let index = 0; index < 4; index += 1) yield await new Promise<string>((resolve) => (release = resolve));
      })();
      // As the contract asks, giving up ends the source: here by letting its pending read finish.
      const stream = withSilenceTimeout(source, 1_000, () => {
        release?.('too late');
        return new Error('idle');
      });
      for (let index = 0; index < 3; index += 1) {
        const next = stream.next();
        await vi.advanceTimersByTimeAsync(900);
        release?.(`item ${index}`);
        expect(await next).toEqual({ value: `item ${index}`, done: false });
      }
      const stalled = stream.next();
      const failure = stalled.catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await failure).toEqual(new Error('idle'));
    });
  });
});
