import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import OpenAI from 'openai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nodeHttpFetch } from './node-http-fetch.js';
import { readChatCompletionChunks } from './read-chat-completion-chunks.js';

const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;

/** A response whose body the test writes, as `nodeHttpFetch` hands it over: a Node stream. */
function streamedResponse() {
  const body = new PassThrough();
  const response = { body, headers: new Headers({ 'x-request-id': 'req_1' }) } as unknown as Response;
  return { body, response };
}

async function contents(
  chunks: AsyncIterable<{ choices: Array<{ delta: { content?: string | null } }> }>,
): Promise<string[]> {
  const texts: string[] = [];
  for await (const each of chunks) texts.push(each.choices[0]?.delta.content ?? '');
  return texts;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('readChatCompletionChunks', () => {
  it('ends at [DONE] without waiting for the end of the body, which it then reads and drops', async () => {
    const { body, response } = streamedResponse();
    const controller = new AbortController();
    body.write(chunk('Hel') + chunk('lo') + 'data: [DONE]\n\n');
    expect(await contents(readChatCompletionChunks(response, OpenAI, controller, 60_000))).toEqual(['Hel', 'lo']);
    body.end(': trailing comment\n\n');
    await once(body, 'close');
    expect(controller.signal.aborted).toBe(false);
  });

  it('cuts off a server that keeps the body open after [DONE]', async () => {
    vi.useFakeTimers();
    const { body, response } = streamedResponse();
    const controller = new AbortController();
    body.write(chunk('done') + 'data: [DONE]\n\n');
    expect(await contents(readChatCompletionChunks(response, OpenAI, controller, 1_000))).toEqual(['done']);
    await vi.advanceTimersByTimeAsync(999);
    expect(controller.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(controller.signal.aborted).toBe(true);
  });

  it('reads to the end of a body that has no [DONE]', async () => {
    const { body, response } = streamedResponse();
    body.end(chunk('a') + chunk('b'));
    expect(await contents(readChatCompletionChunks(response, OpenAI, new AbortController(), 60_000))).toEqual([
      'a',
      'b',
    ]);
  });

  it("throws an error event as the SDK's APIError, after the chunks before it", async () => {
    const { body, response } = streamedResponse();
    body.end(
      chunk('partial') +
        `data: ${JSON.stringify({ error: { message: 'Upstream overloaded', type: 'overloaded_error' } })}\n\n`,
    );
    const texts: string[] = [];
    const failure = await (async () => {
      try {
        for await (const each of readChatCompletionChunks(response, OpenAI, new AbortController(), 60_000))
          texts.push(each.choices[0]?.delta.content ?? '');
        return undefined;
      } catch (error) {
        return error;
      }
    })();
    expect(texts).toEqual(['partial']);
    expect(failure).toBeInstanceOf(OpenAI.APIError);
    expect(failure).toMatchObject({ message: expect.stringContaining('Upstream overloaded'), requestID: 'req_1' });
  });

  it('aborts the request when the reader stops early', async () => {
    const { body, response } = streamedResponse();
    const controller = new AbortController();
    body.write(chunk('first') + chunk('second'));
    for await (const each of readChatCompletionChunks(response, OpenAI, controller, 60_000)) {
      expect(each.choices[0]?.delta.content).toBe('first');
      break;
    }
    expect(controller.signal.aborted).toBe(true);
  });

  it('leaves the connection to be reused once the body it dropped has ended', async () => {
    let connections = 0;
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(chunk('hi') + 'data: [DONE]\n\n');
      setImmediate(() => response.end());
    });
    server.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`;
    try {
      for (let call = 0; call < 3; call += 1) {
        const response = await nodeHttpFetch(url, { method: 'POST', body: '{}' });
        expect(await contents(readChatCompletionChunks(response, OpenAI, new AbortController(), 60_000))).toEqual([
          'hi',
        ]);
        const body = response.body as unknown as PassThrough;
        if (!body.closed) await once(body, 'close');
      }
      expect(connections).toBe(1);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
