export type QueueWait<T> = { kind: 'item'; item: T } | { kind: 'timeout' } | { kind: 'aborted' };

/**
 * Items from several producers (the SDK's message stream, MCP tool handlers) in arrival order, for
 * one consumer at a time. A wait that times out or is aborted leaves later items in the queue, so
 * nothing is lost between one `stream()` call and the next.
 */
export class EventQueue<T> {
  private readonly items: T[] = [];
  private waiter: ((item: T) => void) | undefined;

  push(item: T): void {
    const waiter = this.waiter;
    if (waiter === undefined) {
      this.items.push(item);
      return;
    }
    this.waiter = undefined;
    waiter(item);
  }

  /** The next item; gives up after `timeoutMs` without one, or when `signal` aborts. */
  next(options: { timeoutMs: number; signal?: AbortSignal | undefined }): Promise<QueueWait<T>> {
    if (this.items.length > 0) return Promise.resolve({ kind: 'item', item: this.items.shift() as T });
    if (options.signal?.aborted === true) return Promise.resolve({ kind: 'aborted' });
    if (this.waiter !== undefined)
      return Promise.reject(new Error('EventQueue: only one consumer may wait at a time.'));
    return new Promise((resolve) => {
      const finish = (result: QueueWait<T>): void => {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
        resolve(result);
      };
      const onAbort = (): void => {
        this.waiter = undefined;
        finish({ kind: 'aborted' });
      };
      const timer = setTimeout(() => {
        this.waiter = undefined;
        finish({ kind: 'timeout' });
      }, options.timeoutMs);
      options.signal?.addEventListener('abort', onAbort, { once: true });
      this.waiter = (item) => finish({ kind: 'item', item });
    });
  }
}
