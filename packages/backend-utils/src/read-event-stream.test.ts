import { describe, expect, it } from 'vitest';
import { readEventStream } from './read-event-stream.js';

/** A response as Node's fetch hands it over: the body is a web stream, here in two chunks. */
function fetchResponse(...chunks: string[]): Response {
  const encoder = new TextEncoder();
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    }),
  );
}

async function collect<Item>(items: AsyncIterable<Item>): Promise<Item[]> {
  const collected: Item[] = [];
  for await (const item of items) collected.push(item);
  return collected;
}

describe('readEventStream', () => {
  it('yields what parse makes of each event, skipping those it turns down, across chunk boundaries', async () => {
    const response = fetchResponse('event: ping\ndata: {}\n\nevent: delta\ndata: {"te', 'xt":"hi"}\n\n');
    const items = readEventStream(response, {
      controller: new AbortController(),
      drainTimeoutMs: 1_000,
      parse: (event) => (event.event === 'ping' ? undefined : (JSON.parse(event.data) as { text: string })),
    });
    expect(await collect(items)).toEqual([{ text: 'hi' }]);
  });

  it('stops at the end event without aborting the request', async () => {
    const controller = new AbortController();
    const response = fetchResponse('data: 1\n\ndata: [DONE]\n\ndata: 2\n\n');
    const items = readEventStream(response, {
      controller,
      drainTimeoutMs: 1_000,
      isEnd: (event) => event.data === '[DONE]',
      parse: (event) => Number(event.data),
    });
    expect(await collect(items)).toEqual([1]);
    expect(controller.signal.aborted).toBe(false);
  });

  it('aborts the request when parse throws or the reader leaves early', async () => {
    const failing = new AbortController();
    const parse = (event: { data: string }): number => {
      if (event.data === 'error') throw new Error('the provider reported an error');
      return Number(event.data);
    };
    await expect(
      collect(
        readEventStream(fetchResponse('data: 1\n\ndata: error\n\n'), { controller: failing, drainTimeoutMs: 1, parse }),
      ),
    ).rejects.toThrow('the provider reported an error');
    expect(failing.signal.aborted).toBe(true);

    const leaving = new AbortController();
    for await (const item of readEventStream(fetchResponse('data: 1\n\ndata: 2\n\n'), {
      controller: leaving,
      drainTimeoutMs: 1,
      parse,
    })) {
      expect(item).toBe(1);
      break;
    }
    expect(leaving.signal.aborted).toBe(true);
  });

  it('fails clearly on a response without a body', async () => {
    const items = readEventStream(new Response(null), {
      controller: new AbortController(),
      drainTimeoutMs: 1,
      parse: (event) => event.data,
    });
    await expect(collect(items)).rejects.toThrow('the streamed response has no body');
  });
});
