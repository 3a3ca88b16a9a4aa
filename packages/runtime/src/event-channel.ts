import { MassGenError } from '@massgen/core';

/**
 * A one-reader async iterable fed by a producer that cannot wait (the run's `onEvent` callback).
 * Items are buffered until read; `close` ends the iteration after the buffered items, with an
 * error to throw when the producer failed. `onReturn` runs when the reader stops early.
 */
export class EventChannel<Item> implements AsyncIterable<Item> {
  private readonly buffered: Item[] = [];
  private waiting: { resolve: (result: IteratorResult<Item>) => void; reject: (error: unknown) => void } | undefined;
  private closed = false;
  private failure: { error: unknown } | undefined;
  private claimed = false;

  constructor(private readonly onReturn: () => void = () => {}) {}

  push(item: Item): void {
    if (this.closed) return;
    const waiting = this.waiting;
    if (waiting === undefined) {
      this.buffered.push(item);
      return;
    }
    this.waiting = undefined;
    waiting.resolve({ value: item, done: false });
  }

  /** No more items; a reader that has read everything then gets `done`, or `error` thrown. */
  close(error?: unknown): void {
    if (this.closed) return;
    this.closed = true;
    if (error !== undefined) this.failure = { error };
    const waiting = this.waiting;
    this.waiting = undefined;
    if (waiting === undefined) return;
    if (this.failure === undefined) waiting.resolve({ value: undefined, done: true });
    else waiting.reject(this.failure.error);
  }

  [Symbol.asyncIterator](): AsyncIterator<Item> {
    if (this.claimed) {
      throw new MassGenError({
        code: 'INTERNAL',
        message: 'A run stream has one reader: its events can be iterated only once.',
      });
    }
    this.claimed = true;
    return {
      next: () => this.next(),
      return: () => {
        const wasOpen = !this.closed;
        this.closed = true;
        this.buffered.length = 0;
        if (wasOpen) this.onReturn();
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }

  private next(): Promise<IteratorResult<Item>> {
    if (this.buffered.length > 0) return Promise.resolve({ value: this.buffered.shift() as Item, done: false });
    if (this.closed) {
      const failure = this.failure;
      this.failure = undefined;
      return failure === undefined ? Promise.resolve({ value: undefined, done: true }) : Promise.reject(failure.error);
    }
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }
}
