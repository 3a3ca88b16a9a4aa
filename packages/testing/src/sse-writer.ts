import type { ServerResponse } from 'node:http';

/** Writes server-sent events to a response, one event per write, as streaming LLM servers do. */
export class SseWriter {
  /**
   * `lineEnding` is `\n` for most servers; Google's endpoints end their event lines with
   * `\r\n`, and a fake should make clients parse what they will really get.
   */
  constructor(
    private readonly response: ServerResponse,
    private readonly lineEnding: '\n' | '\r\n' = '\n',
  ) {}

  /**
   * Opens the event stream of `response` and writes its first events with `writeFirst`: the writer
   * to go on with, or `undefined` once the client has gone.
   */
  static async start(
    response: ServerResponse,
    writeFirst: (writer: SseWriter) => Promise<boolean>,
    lineEnding: '\n' | '\r\n' = '\n',
  ): Promise<SseWriter | undefined> {
    const writer = new SseWriter(response, lineEnding);
    writer.open();
    return (await writeFirst(writer)) ? writer : undefined;
  }

  open(): void {
    this.response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    this.response.flushHeaders();
  }

  /** Sends one `data:` event; resolves `false` once the client has gone away. */
  send(data: string): Promise<boolean> {
    return this.write(`data: ${data}${this.lineEnding}${this.lineEnding}`);
  }

  /** Sends each value as one `data:` event of JSON; resolves `false` once the client has gone away. */
  async sendJsonEach(values: Iterable<unknown>): Promise<boolean> {
    for (const value of values) {
      if (!(await this.send(JSON.stringify(value)))) return false;
    }
    return true;
  }

  /** Sends one named event (`event:` then `data:`), as the Responses and Anthropic APIs do. */
  sendEvent(event: string, data: string): Promise<boolean> {
    return this.write(`event: ${event}${this.lineEnding}data: ${data}${this.lineEnding}${this.lineEnding}`);
  }

  /**
   * Ends the response, with `lastData` as its final `data:` event if given: written by the same
   * call, so that a client which stops at that event cannot act on it before the response ends.
   */
  async end(lastData?: string): Promise<void> {
    if (this.response.destroyed || this.response.writableEnded) return;
    const text = lastData === undefined ? '' : `data: ${lastData}${this.lineEnding}${this.lineEnding}`;
    await new Promise<void>((resolve) => this.response.end(text, resolve));
  }

  /**
   * Waits for each event to reach the socket so that a later `destroy` cuts the stream exactly
   * after the events already sent, and a slow reader slows the writer down.
   */
  private write(text: string): Promise<boolean> {
    if (this.response.destroyed || this.response.writableEnded) return Promise.resolve(false);
    return new Promise((resolve) => {
      this.response.write(text, (error) => resolve(error === undefined || error === null));
    });
  }
}
