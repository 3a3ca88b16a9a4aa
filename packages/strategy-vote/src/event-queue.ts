import { MassGenError } from '@massgen/core';

/**
 * An unbounded first-in, first-out queue with one reader. Every source of input (turn streams,
 * timers, abort signals) pushes here, so the coordination handles one input at a time, in the
 * order they arrived, and never races with itself.
 */
export class EventQueue<Item> {
  private readonly items: Item[] = [];
  private waiting: ((item: Item) => void) | undefined;

  push(item: Item): void {
    const waiting = this.waiting;
    if (waiting === undefined) {
      this.items.push(item);
      return;
    }
    this.waiting = undefined;
    waiting(item);
  }

  next(): Promise<Item> {
    if (this.waiting !== undefined) {
      throw new MassGenError({
        code: 'INTERNAL',
        message: 'EventQueue.next was called while another read was pending.',
      });
    }
    if (this.items.length > 0) return Promise.resolve(this.items.shift() as Item);
    return new Promise<Item>((resolve) => {
      this.waiting = resolve;
    });
  }
}
