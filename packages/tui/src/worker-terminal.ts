import { EventEmitter } from 'node:events';
import type { FromDisplayWorker } from './worker-protocol.js';
import type { TerminalSize } from './terminal-size.js';

type Post = (message: FromDisplayWorker) => void;

/**
 * The terminal's output as ink sees it inside the display worker: a TTY-like stream whose
 * writes go to the coordinating thread, which owns the real stdout, in order.
 */
export class WorkerTerminalOutput extends EventEmitter {
  readonly isTTY = true;
  columns: number;
  rows: number;

  constructor(
    private readonly post: Post,
    private readonly channel: 'stdout' | 'stderr',
    size: TerminalSize,
  ) {
    super();
    this.columns = size.columns;
    this.rows = size.rows;
  }

  write(data: string | Uint8Array, encodingOrCallback?: unknown, callback?: unknown): boolean {
    this.post({ type: this.channel, data: typeof data === 'string' ? data : Buffer.from(data).toString('utf8') });
    const done = typeof encodingOrCallback === 'function' ? encodingOrCallback : callback;
    if (typeof done === 'function') queueMicrotask(() => (done as () => void)());
    return true;
  }

  resize(size: TerminalSize): void {
    this.columns = size.columns;
    this.rows = size.rows;
    this.emit('resize');
  }
}

/**
 * The terminal's input as ink sees it inside the display worker. The coordinating thread owns
 * the real stdin: it switches raw mode when asked and forwards what the user types.
 */
export class WorkerTerminalInput extends EventEmitter {
  private pending: string[] = [];

  constructor(
    private readonly post: Post,
    readonly isTTY: boolean,
  ) {
    super();
  }

  /** Keys typed in the terminal, as the coordinating thread forwarded them. */
  receive(data: string): void {
    this.pending.push(data);
    this.emit('readable');
  }

  read(): string | null {
    if (this.pending.length === 0) return null;
    const data = this.pending.join('');
    this.pending = [];
    return data;
  }

  setRawMode(enabled: boolean): this {
    this.post({ type: 'raw-mode', enabled });
    return this;
  }

  setEncoding(): this {
    return this;
  }

  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }

  resume(): this {
    return this;
  }

  pause(): this {
    return this;
  }
}
