import { describe, expect, it } from 'vitest';
import { withIdleTimeout } from './idle-timeout.js';

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

describe('withIdleTimeout', () => {
  it('passes every item of a source that keeps talking', async () => {
    const items: number[] = [];
    for await (const item of withIdleTimeout((async function* () { yield* [1, 2, 3]; })(), 10_000, () => new Error('idle'))) items.push(item);
    expect(items).toEqual([1, 2, 3]);
  });

  it('throws the error of onIdle once the source falls silent, after ending the source', async () => {
    const { source, stop, stopped } = stallingSource(['a', 'b']);
    const items: string[] = [];
    const failure = await (async () => {
      try {
        for await (const item of withIdleTimeout(source, 20, () => {
          stop();
          return new Error('silent for too long');
        })) items.push(item);
        return undefined;
      } catch (error) {
        return error;
      }
    })();
    expect(items).toEqual(['a', 'b']);
    expect(failure).toEqual(new Error('silent for too long'));
    expect(stopped()).toBe(true);
  });
});
