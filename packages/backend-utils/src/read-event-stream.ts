import { Readable } from 'node:stream';
import { ServerSentEventDecoder, type ServerSentEvent } from './server-sent-events.js';

/** What an event stream yields, with the controller that ends its request. */
export type EventStream<Item> = AsyncIterable<Item> & { controller: AbortController };

export interface EventStreamOptions<Item> {
  /**
   * What one event means: the item to yield, or `undefined` to skip it. An event that reports a
   * failure is thrown from here, as the vendor's SDK would throw it.
   */
  parse: (event: ServerSentEvent) => Item | undefined;
  /**
   * The event that completes the answer before the body ends (Chat Completions' `[DONE]`). The
   * rest of the body is then read and dropped on the side, so that the connection can be reused.
   */
  isEnd?: (event: ServerSentEvent) => boolean;
  /** Ends the request: when the reader stops early, or when a server keeps the body open after the end. */
  controller: AbortController;
  /** How long a server may keep the body open after the end event. */
  drainTimeoutMs: number;
}

/**
 * The items of a streamed response body, read with `ServerSentEventDecoder`: one way for every
 * backend that speaks server-sent events to read them, whichever SDK sent the request.
 */
export function readEventStream<Item>(response: Response, options: EventStreamOptions<Item>): EventStream<Item> {
  const { parse, isEnd, controller } = options;
  return {
    controller,
    async *[Symbol.asyncIterator]() {
      const body = response.body as unknown as AsyncIterable<Uint8Array> | null;
      if (body === null) throw new Error('the streamed response has no body');
      const decoder = new ServerSentEventDecoder();
      let ended = false;
      // Items of a chunk are yielded from a synchronous generator: one async step per chunk, not per event.
      function* itemsOf(events: readonly ServerSentEvent[]): Generator<Item> {
        for (const event of events) {
          if (isEnd?.(event) === true) {
            ended = true;
            return;
          }
          const item = parse(event);
          if (item !== undefined) yield item;
        }
      }
      let finished = false;
      try {
        // Leaving a Node stream's iterator would destroy the stream, and the connection with it.
        for await (const bytes of body instanceof Readable ? body.iterator({ destroyOnReturn: false }) : body) {
          yield* itemsOf(decoder.decode(bytes as Uint8Array));
          if (ended) break;
        }
        if (ended) drain(body, controller, options.drainTimeoutMs);
        else yield* itemsOf(decoder.end());
        finished = true;
      } finally {
        if (!finished) controller.abort();
      }
    },
  };
}

function drain(body: AsyncIterable<Uint8Array>, controller: AbortController, timeoutMs: number): void {
  if (!(body instanceof Readable) || body.readableEnded || body.destroyed) return;
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  timer.unref();
  body.once('close', () => clearTimeout(timer));
  body.resume();
}
