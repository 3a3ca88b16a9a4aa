import type { ServerResponse } from 'node:http';
import type { RunEvent } from '@massgen/core';

/**
 * A run's events as server-sent events for the web page: `id: <seq>` then the event as JSON,
 * so a page that reconnects asks for what follows its last `seq` and neither loses nor repeats
 * one; `event: problem` for what the page should tell the user; `event: end` once nothing more
 * will come. Writes are gathered until the event loop turns, so a burst of deltas from eight
 * agents is one system call.
 */
export class RunEventStream {
  private pending = '';
  private scheduled = false;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly response: ServerResponse,
    heartbeatMs: number,
  ) {
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    response.flushHeaders();
    this.heartbeat = setInterval(() => this.queue(': keep-alive\n\n'), heartbeatMs);
    this.heartbeat.unref();
    response.once('close', () => clearInterval(this.heartbeat));
  }

  get closed(): boolean {
    return this.response.destroyed || this.response.writableEnded;
  }

  event(event: RunEvent): void {
    this.queue(`id: ${event.seq}\ndata: ${JSON.stringify(event)}\n\n`);
  }

  problem(message: string): void {
    this.queue(`event: problem\ndata: ${JSON.stringify({ message })}\n\n`);
  }

  /** Says the stream is complete and closes it. */
  end(): void {
    clearInterval(this.heartbeat);
    if (this.closed) return;
    this.response.end(`${this.take()}event: end\ndata: {}\n\n`);
  }

  private queue(text: string): void {
    if (this.closed) return;
    this.pending += text;
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (!this.closed && this.pending !== '') this.response.write(this.take());
    });
  }

  private take(): string {
    const text = this.pending;
    this.pending = '';
    return text;
  }
}
