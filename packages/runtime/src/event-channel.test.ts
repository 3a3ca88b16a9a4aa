import { describe, expect, it } from 'vitest';
import { MassGenError } from '@massgen/core';
import { EventChannel } from './event-channel.js';

async function collect<Item>(iterable: AsyncIterable<Item>): Promise<Item[]> {
  const items: Item[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

describe('EventChannel', () => {
  it('delivers items pushed before and while the reader waits, then ends on close', async () => {
    const channel = new EventChannel<number>();
    channel.push(1);
    const reading = collect(channel);
    channel.push(2);
    await Promise.resolve();
    channel.push(3);
    channel.close();
    channel.push(4);
    expect(await reading).toEqual([1, 2, 3]);
  });

  it('hands buffered items out before the failure it was closed with', async () => {
    const channel = new EventChannel<string>();
    channel.push('a');
    channel.close(new MassGenError({ code: 'CONFIG_INVALID', message: 'bad team' }));
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const item of channel) seen.push(item);
      })(),
    ).rejects.toThrow('bad team');
    expect(seen).toEqual(['a']);
  });

  it('rejects a waiting reader when closed with an error', async () => {
    const channel = new EventChannel<string>();
    const reading = collect(channel);
    channel.close(new Error('gone'));
    await expect(reading).rejects.toThrow('gone');
  });

  it('tells its owner when the reader stops early, once, and not after a normal end', async () => {
    let returns = 0;
    const early = new EventChannel<number>(() => (returns += 1));
    early.push(1);
    early.push(2);
    for await (const item of early) {
      if (item === 1) break;
    }
    expect(returns).toBe(1);

    const finished = new EventChannel<number>(() => (returns += 1));
    finished.close();
    expect(await collect(finished)).toEqual([]);
    expect(returns).toBe(1);
  });

  it('has a single reader', () => {
    const channel = new EventChannel<number>();
    channel[Symbol.asyncIterator]();
    expect(() => channel[Symbol.asyncIterator]()).toThrow(/iterated only once/);
  });
});
