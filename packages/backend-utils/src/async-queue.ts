import { pushable, type Pushable } from 'it-pushable';

/** What a wait for the next item ends with. */
export type QueueWait<Item> =
  { kind: 'item'; item: Item } | { kind: 'ended' } | { kind: 'timeout' } | { kind: 'aborted' };

export interface QueueWaitOptions {
  /** Give up after this long without an item. */
  timeoutMs?: number;
  /** Give up when this aborts. */
  signal?: AbortSignal | undefined;
}

/**
 * Items from producers that cannot wait (SDK callbacks, tool handlers, timers, a run's events) in
 * arrival order, for one consumer: read with `for await`, with `take`, or with `next`, which may
 * give up after a time limit or on an abort. A wait that gives up loses nothing: the read it started stays pending and hands its item
 * to the next wait. The buffering is `it-pushable`'s; an item pushed after `end` is dropped.
 */
export class AsyncQueue<Item> implements AsyncIterable<Item> {
  private readonly items: Pushable<Item> = pushable<Item>({ objectMode: true });
  private pending: Promise<IteratorResult<Item>> | undefined;
  private waiting = false;
  private ended = false;
  private failure: { error: unknown } | undefined;

  push(item: Item): void {
    this.items.push(item);
  }

  /**
   * No more items: the reader gets those buffered, then the end, or `error` thrown when the
   * producer failed.
   */
  end(error?: unknown): void {
    if (this.ended) return;
    this.ended = true;
    if (error !== undefined) this.failure = { error };
    // Ended without the error, which it-pushable would throw before the items still buffered.
    this.items.end();
  }

  /** The next item, however long it takes to come; for a queue that is never ended, so an end is an error. */
  async take(): Promise<Item> {
    const wait = await this.next();
    if (wait.kind === 'item') return wait.item;
    throw new Error('AsyncQueue.take: the queue has ended.');
  }

  async next(options: QueueWaitOptions = {}): Promise<QueueWait<Item>> {
    if (this.waiting) throw new Error('AsyncQueue: only one consumer may wait at a time.');
    const { timeoutMs, signal } = options;
    // What has already arrived is handed over even after an abort.
    const buffered = this.pending === undefined && this.items.readableLength > 0;
    if (signal?.aborted === true && !buffered) return { kind: 'aborted' };
    const read = (this.pending ??= this.items.next());
    this.waiting = true;
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const gaveUp = new Promise<QueueWait<Item>>((resolve) => {
      if (buffered) return;
      if (timeoutMs !== undefined) timer = setTimeout(() => resolve({ kind: 'timeout' }), timeoutMs);
      onAbort = () => resolve({ kind: 'aborted' });
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      const first = await Promise.race([read.then((result) => ({ result })), gaveUp]);
      if ('kind' in first) return first;
      this.pending = undefined;
      if (first.result.done !== true) return { kind: 'item', item: first.result.value };
      const failure = this.failure;
      this.failure = undefined;
      if (failure !== undefined) throw failure.error;
      return { kind: 'ended' };
    } finally {
      this.waiting = false;
      clearTimeout(timer);
      if (onAbort !== undefined) signal?.removeEventListener('abort', onAbort);
    }
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Item> {
    for (;;) {
      const wait = await this.next();
      if (wait.kind !== 'item') return;
      yield wait.item;
    }
  }
}
