import { describe, expect, it } from 'vitest';
import { EventQueue } from './event-queue.js';

describe('the event queue', () => {
  it('hands items over in order, whether they came before or during the wait', async () => {
    const queue = new EventQueue<string>();
    queue.push('a');
    const waiting = queue.next({ timeoutMs: 60_000 });
    await expect(waiting).resolves.toEqual({ kind: 'item', item: 'a' });
    const later = queue.next({ timeoutMs: 60_000 });
    queue.push('b');
    queue.push('c');
    await expect(later).resolves.toEqual({ kind: 'item', item: 'b' });
    await expect(queue.next({ timeoutMs: 60_000 })).resolves.toEqual({ kind: 'item', item: 'c' });
  });

  it('gives up after the timeout and keeps what arrives afterwards', async () => {
    const queue = new EventQueue<string>();
    await expect(queue.next({ timeoutMs: 1 })).resolves.toEqual({ kind: 'timeout' });
    queue.push('late');
    await expect(queue.next({ timeoutMs: 60_000 })).resolves.toEqual({ kind: 'item', item: 'late' });
  });

  it('stops waiting when the signal aborts, before or during the wait', async () => {
    const queue = new EventQueue<string>();
    const controller = new AbortController();
    const waiting = queue.next({ timeoutMs: 60_000, signal: controller.signal });
    controller.abort();
    await expect(waiting).resolves.toEqual({ kind: 'aborted' });
    await expect(queue.next({ timeoutMs: 60_000, signal: controller.signal })).resolves.toEqual({ kind: 'aborted' });
    queue.push('kept');
    await expect(queue.next({ timeoutMs: 60_000 })).resolves.toEqual({ kind: 'item', item: 'kept' });
  });

  it('refuses a second consumer while one waits', async () => {
    const queue = new EventQueue<string>();
    const first = queue.next({ timeoutMs: 60_000 });
    await expect(queue.next({ timeoutMs: 60_000 })).rejects.toThrow('only one consumer');
    queue.push('x');
    await expect(first).resolves.toEqual({ kind: 'item', item: 'x' });
  });
});
