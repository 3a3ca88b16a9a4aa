import { once } from 'node:events';
import { createServer, request as httpRequest } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SseStream } from './sse-stream.js';

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/**
 * A real server's response to one request, and the client's side of it, which arrives once the
 * server has sent its headers.
 */
async function exchange(): Promise<{ response: ServerResponse; client: Promise<IncomingMessage> }> {
  const arrived = new Promise<ServerResponse>((resolve) => {
    server = createServer((_request, response) => resolve(response));
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server?.address() as AddressInfo;
  const client = new Promise<IncomingMessage>((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port, method: 'POST' }, resolve).on('error', reject).end();
  });
  return { response: await arrived, client };
}

async function readAll(pending: Promise<IncomingMessage>): Promise<string> {
  const client = await pending;
  return new Promise((resolve, reject) => {
    let text = '';
    client.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    client.on('end', () => resolve(text)).on('error', reject);
  });
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('SseStream', () => {
  it('holds a burst of chunks until the event loop turns, then writes them in one piece', async () => {
    const { response, client } = await exchange();
    const write = vi.spyOn(response, 'write');
    const stream = new SseStream(response, 60_000);
    stream.send({ n: 1 });
    stream.send({ n: 2 });
    expect(write).not.toHaveBeenCalled();
    await turn();
    expect(write).toHaveBeenCalledTimes(1);
    expect(write.mock.calls[0]?.[0]).toBe('data: {"n":1}\n\ndata: {"n":2}\n\n');
    const body = readAll(client);
    stream.done();
    expect(await body).toBe('data: {"n":1}\n\ndata: {"n":2}\n\ndata: [DONE]\n\n');
    expect((await client).headers['content-type']).toBe('text/event-stream; charset=utf-8');
  });

  it('ends with what is still queued and [DONE] in the same write as the end of the response', async () => {
    const { response, client } = await exchange();
    const write = vi.spyOn(response, 'write');
    const end = vi.spyOn(response, 'end');
    const stream = new SseStream(response, 60_000);
    stream.send({ last: true });
    const body = readAll(client);
    stream.done();
    expect(write).not.toHaveBeenCalled();
    expect(end).toHaveBeenCalledWith('data: {"last":true}\n\ndata: [DONE]\n\n');
    expect(await body).toBe('data: {"last":true}\n\ndata: [DONE]\n\n');
    expect(stream.closed).toBe(true);
    stream.send({ late: true });
    await turn();
    expect(write).not.toHaveBeenCalled();
  });

  it('does nothing once the client has gone', async () => {
    const { response, client } = await exchange();
    const stream = new SseStream(response, 60_000);
    response.flushHeaders();
    (await client).destroy();
    await once(response, 'close');
    expect(stream.closed).toBe(true);
    stream.send({ n: 1 });
    stream.done();
    await turn();
    expect(response.writableEnded).toBe(false);
  });
});
