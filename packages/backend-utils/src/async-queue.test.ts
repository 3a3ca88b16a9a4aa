import { describe, expect, it } from 'vitest';
import { AsyncQueue } from './async-queue.js';

describe('AsyncQueue', () => {
  it('hands items over in order, whether they came before or during the wait', async () => {
    const queue = new AsyncQueue<string>();
    queue.push('a');
    await expect(queue.next({ timeoutMs: 60_000 })).resolves.toEqual({ kind: 'item', item: 'a' });
    const later = queue.next({ timeoutMs: 60_000 });
    queue.push('b');
    queue.push('c');
    await expect(later).resolves.toEqual({ kind: 'item', item: 'b' });
    await expect(queue.next()).resolves.toEqual({ kind: 'item', item: 'c' });
  });

  it('gives up after the timeout and hands what arrives afterwards to the next wait', async () => {
    const queue = new AsyncQueue<string>();
    await expect(queue.next({ timeoutMs: 1 })).resolves.toEqual({ kind: 'timeout' });
    queue.push('late');
    queue.push('later');
    await expect(queue.next({ timeoutMs: 60_000 })).resolves.toEqual({ kind: 'item', item: 'late' });
    await expect(queue.next({ timeoutMs: 60_000 })).resolves.toEqual({ kind: 'item', item: 'later' });
  });

  it('stops waiting when the signal aborts, before or during the wait, and keeps what comes after', async () => {
    const queue = new AsyncQueue<string>();
    const controller = new AbortController();
    const waiting = queue.next({ timeoutMs: 60_000, signal: controller.signal });
    controller.abort();
    await expect(waiting).resolves.toEqual({ kind: 'aborted' });
    await expect(queue.next({ signal: controller.signal })).resolves.toEqual({ kind: 'aborted' });
    queue.push('kept');
    await expect(queue.next({ timeoutMs: 60_000 })).resolves.toEqual({ kind: 'item', item: 'kept' });
  });

  it('hands over what has already arrived even after an abort', async () => {
    const queue = new AsyncQueue<string>();
    queue.push('arrived');
    await expect(queue.next({ signal: AbortSignal.abort() })).resolves.toEqual({ kind: 'item', item: 'arrived' });
    await expect(queue.next({ signal: AbortSignal.abort() })).resolves.toEqual({ kind: 'aborted' });
  });

  it('refuses a second consumer while one waits', async () => {
    const queue = new AsyncQueue<string>();
    const first = queue.next({ timeoutMs: 60_000 });
    await expect(queue.next({ timeoutMs: 60_000 })).rejects.toThrow('only one consumer');
    queue.push('x');
    await expect(first).resolves.toEqual({ kind: 'item', item: 'x' });
  });

  it('iterates to the end: the buffered items, then done; an item pushed after the end is dropped', async () => {
    const queue = new AsyncQueue<number>();
    queue.push(1);
    const read = (async () => {
      const items: number[] = [];
      for await (const item of queue) items.push(item);
      return items;
    })();
    queue.push(2);
    queue.end();
    queue.push(3);
    await expect(read).resolves.toEqual([1, 2]);
    await expect(queue.next()).resolves.toEqual({ kind: 'ended' });
  });

  it('hands out the buffered items before the error it was ended with, and rejects a waiting reader with it', async () => {
    const queue = new AsyncQueue<string>();
    queue.push('a');
    queue.end(new Error('bad team'));
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const item of queue) seen.push(item);
      })(),
    ).rejects.toThrow('bad team');
    expect(seen).toEqual(['a']);

    const waited = new AsyncQueue<string>();
    const reading = waited.next();
    waited.end(new Error('gone'));
    await expect(reading).rejects.toThrow('gone');
  });

  it('takes items as they come, and refuses to wait past the end', async () => {
    const queue = new AsyncQueue<number>();
    queue.push(1);
    await expect(queue.take()).resolves.toBe(1);
    const waiting = queue.take();
    queue.push(2);
    await expect(waiting).resolves.toBe(2);
    queue.end();
    await expect(queue.take()).rejects.toThrow('the queue has ended');
  });
});
