import { describe, expect, it } from 'vitest';
import { EventQueue } from './event-queue.js';

describe('EventQueue', () => {
  it('hands out items in the order they were pushed, whether read before or after', async () => {
    const queue = new EventQueue<number>();
    queue.push(1);
    queue.push(2);
    expect(await queue.next()).toBe(1);
    const waiting = queue.next();
    queue.push(3);
    expect(await waiting).toBe(2);
    expect(await queue.next()).toBe(3);
  });

  it('wakes a pending reader on the next push', async () => {
    const queue = new EventQueue<string>();
    const waiting = queue.next();
    queue.push('a');
    queue.push('b');
    expect(await waiting).toBe('a');
    expect(await queue.next()).toBe('b');
  });

  it('refuses a second reader while one is waiting', () => {
    const queue = new EventQueue<string>();
    void queue.next();
    expect(() => queue.next()).toThrow('another read was pending');
  });
});
