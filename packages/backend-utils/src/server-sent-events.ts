import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** One server-sent event: its `event:` name (`undefined` for the default), its joined `data:` lines and its `id:`. */
export type ServerSentEvent = EventSourceMessage;

/**
 * Decodes a `text/event-stream` body chunk by chunk with `eventsource-parser`, which follows the
 * HTML standard: lines end with CRLF, LF or CR; `data:` lines accumulate, `event:` names the
 * event and `id:` gives its id, a blank line dispatches it, and comments and `retry:` are
 * skipped. An event with no data is not dispatched, nor one the body ends before finishing.
 * Synchronous: the events a chunk completes come back together, so a reader pays no async step
 * per event.
 */
export class ServerSentEventDecoder {
  private readonly text = new TextDecoder();
  private completed: ServerSentEvent[] = [];
  private readonly parser = createParser({ onEvent: (event) => this.completed.push(event) });

  /** The events that `chunk` completes. */
  decode(chunk: Uint8Array | string): readonly ServerSentEvent[] {
    this.parser.feed(typeof chunk === 'string' ? chunk : this.text.decode(chunk, { stream: true }));
    return this.take();
  }

  /** The events the end of the body completes. */
  end(): readonly ServerSentEvent[] {
    const rest = this.text.decode();
    if (rest !== '') this.parser.feed(rest);
    this.parser.reset();
    return this.take();
  }

  private take(): readonly ServerSentEvent[] {
    if (this.completed.length === 0) return noEvents;
    const events = this.completed;
    this.completed = [];
    return events;
  }
}

const noEvents: readonly ServerSentEvent[] = [];
