import type { ServerResponse } from 'node:http';

/**
 * Server-sent events on a response, as OpenAI streams chat completions: one `data:` line per
 * chunk and a final `data: [DONE]`.
 *
 * Chunks are queued and written together once the event loop turns (or at `done`): a run emits
 * its first events just before it sends the model request, and serialising and writing them
 * later lets that request leave first; it also makes one system call of a burst of chunks. A
 * reader slower than the run leaves the rest in the socket's buffer, bounded by the run's output.
 */
export class SseStream {
  private heartbeat: NodeJS.Timeout | undefined;
  private opened = false;
  private queued: unknown[] = [];
  private flushScheduled = false;

  constructor(
    private readonly response: ServerResponse,
    private readonly heartbeatMs: number,
  ) {}

  /** The client has gone, or the stream was ended: nothing more can be sent. */
  get closed(): boolean {
    return this.response.destroyed || this.response.writableEnded;
  }

  /** Queues a chunk, to be written once the event loop turns. */
  send(data: unknown): void {
    if (this.closed) return;
    this.queued.push(data);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
  }

  /** Writes what is queued and `data: [DONE]`, and ends the response, in one system call. */
  done(): void {
    this.stopHeartbeat();
    if (this.closed) return;
    this.response.end(this.take('data: [DONE]\n\n'));
  }

  private flush(): void {
    this.flushScheduled = false;
    if (this.queued.length > 0) this.write('');
  }

  /** Writes the queued chunks and then `text`, in one system call. */
  private write(text: string): void {
    if (!this.closed) this.response.write(this.take(text));
  }

  /** The queued chunks, serialised, followed by `text`; opens the stream on first use. */
  private take(text: string): string {
    if (!this.opened) this.open();
    const chunks = this.queued;
    this.queued = [];
    let payload = '';
    for (const chunk of chunks) payload += `data: ${JSON.stringify(chunk)}\n\n`;
    return payload + text;
  }

  /** The headers leave with the first chunks, in the same system call. */
  private open(): void {
    this.opened = true;
    this.response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      // Reverse proxies (nginx) would otherwise buffer the stream and deliver it all at the end.
      'x-accel-buffering': 'no',
    });
    // A comment line, which every SSE reader skips, keeps idle-timeout proxies from cutting a quiet coordination.
    this.heartbeat = setInterval(() => this.write(': keep-alive\n\n'), this.heartbeatMs);
    this.heartbeat.unref();
    this.response.once('close', () => this.stopHeartbeat());
  }

  private stopHeartbeat(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }
}
