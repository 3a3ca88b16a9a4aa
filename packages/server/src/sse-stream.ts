import type { ServerResponse } from 'node:http';

/**
 * Server-sent events on a response, as OpenAI streams chat completions: one `data:` line per
 * chunk and a final `data: [DONE]`. Writes wait for the socket only when its buffer is full, so a
 * slow reader slows the run's stream down instead of growing memory, and a fast one pays nothing.
 */
export class SseStream {
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly response: ServerResponse,
    private readonly heartbeatMs: number,
  ) {}

  /** The client has gone, or the stream was ended: nothing more can be sent. */
  get closed(): boolean {
    return this.response.destroyed || this.response.writableEnded;
  }

  /** The headers leave with the first chunk, in the same system call. */
  open(): void {
    this.response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      // Reverse proxies (nginx) would otherwise buffer the stream and deliver it all at the end.
      'x-accel-buffering': 'no',
    });
    // A comment line, which every SSE reader skips, keeps idle-timeout proxies from cutting a quiet coordination.
    this.heartbeat = setInterval(() => void this.write(': keep-alive\n\n'), this.heartbeatMs);
    this.heartbeat.unref();
    this.response.once('close', () => this.stopHeartbeat());
  }

  send(data: unknown): Promise<void> {
    return this.write(`data: ${JSON.stringify(data)}\n\n`);
  }

  /** Sends `data: [DONE]` and ends the response. */
  async done(): Promise<void> {
    this.stopHeartbeat();
    if (this.closed) return;
    await this.write('data: [DONE]\n\n');
    this.response.end();
  }

  private write(text: string): Promise<void> {
    if (this.closed) return Promise.resolve();
    // Chunks written in the same turn of the event loop leave in one system call instead of one
    // each: under load, socket writes are the server's largest cost.
    if (this.response.writableCorked === 0) {
      this.response.cork();
      setImmediate(() => this.response.uncork());
    }
    if (this.response.write(text)) return Promise.resolve();
    return new Promise((resolve) => {
      const settle = (): void => {
        this.response.off('drain', settle);
        this.response.off('close', settle);
        resolve();
      };
      this.response.once('drain', settle);
      this.response.once('close', settle);
    });
  }

  private stopHeartbeat(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }
}
