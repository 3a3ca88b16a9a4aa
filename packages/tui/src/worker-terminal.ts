import { EventEmitter } from 'node:events';
import { writeSync } from 'node:fs';
import type { FromDisplayWorker } from './worker-protocol.js';
import type { TerminalSize } from './terminal-size.js';

type Post = (message: FromDisplayWorker) => void;

/**
 * The terminal's output as ink sees it inside the display worker: a TTY-like stream that writes
 * to the terminal's file descriptor directly when it has one, and otherwise hands its writes to
 * the coordinating thread, in order.
 */
export class WorkerTerminalOutput extends EventEmitter {
  readonly isTTY = true;
  columns: number;
  rows: number;

  constructor(
    private readonly post: Post,
    private readonly channel: 'stdout' | 'stderr',
    size: TerminalSize,
    private readonly fd: number | undefined,
  ) {
    super();
    this.columns = size.columns;
    this.rows = size.rows;
  }

  write(data: string | Uint8Array, encodingOrCallback?: unknown, callback?: unknown): boolean {
    if (this.fd === undefined)
      this.post({ type: this.channel, data: typeof data === 'string' ? data : Buffer.from(data).toString('utf8') });
    else writeFully(this.fd, typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
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

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Writes every byte, waiting out a full terminal buffer: blocking here blocks only the worker. */
function writeFully(fd: number, data: Uint8Array): void {
  let rest = data;
  while (rest.length > 0) {
    try {
      rest = rest.subarray(writeSync(fd, rest));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      Atomics.wait(pause, 0, 0, 2);
    }
  }
}
