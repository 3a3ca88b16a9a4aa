/** One server-sent event: its `event:` name (`undefined` for the default) and its joined `data:` lines. */
export interface ServerSentEvent {
  event: string | undefined;
  data: string;
}

/**
 * Decodes a `text/event-stream` body, chunk by chunk, as the HTML standard defines it: lines end
 * with CRLF, LF or CR; `data:` lines accumulate, `event:` names the event, a blank line dispatches
 * it, and comments (`:` lines), `id:` and `retry:` are skipped. An event with no data is not
 * dispatched. The OpenAI SDK has its own decoder, but it works on bytes through three async
 * generators per chunk, and a served stream pays that for every token; this one is synchronous.
 */
export class ServerSentEventDecoder {
  private readonly text = new TextDecoder();
  private pending = '';
  private event: string | undefined;
  private data: string[] = [];

  /** The events that `chunk` completes. */
  decode(chunk: Uint8Array | string): ServerSentEvent[] {
    this.pending += typeof chunk === 'string' ? chunk : this.text.decode(chunk, { stream: true });
    const events: ServerSentEvent[] = [];
    const pending = this.pending;
    let start = 0;
    for (let index = 0; index < pending.length; index += 1) {
      const character = pending.charCodeAt(index);
      if (character !== 10 && character !== 13) continue;
      // A CR at the very end may be the first half of a CRLF still to come.
      if (character === 13 && index === pending.length - 1) break;
      this.line(pending.slice(start, index), events);
      if (character === 13 && pending.charCodeAt(index + 1) === 10) index += 1;
      start = index + 1;
    }
    this.pending = pending.slice(start);
    return events;
  }

  /**
   * The events the end of the body completes. A CR held back at the end was a line ending after
   * all; anything else left is an unfinished line, and an event the stream did not finish with a
   * blank line is dropped, as the standard says.
   */
  end(): ServerSentEvent[] {
    const rest = this.pending + this.text.decode();
    this.pending = '';
    const events: ServerSentEvent[] = [];
    if (rest.endsWith('\r')) this.line(rest.slice(0, -1), events);
    return events;
  }

  private line(line: string, events: ServerSentEvent[]): void {
    if (line === '') {
      if (this.data.length > 0) events.push({ event: this.event, data: this.data.join('\n') });
      this.event = undefined;
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
  }
}
