import { EventEmitter, once } from 'node:events';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeHttpFetch } from './node-http-fetch.js';

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let handle: Handler;
const closedRequests: string[] = [];
const closings = new EventEmitter();

beforeEach(async () => {
  closedRequests.length = 0;
  server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    request.on('end', () => handle(request, body, response));
    response.on('close', () => {
      closedRequests.push(request.url ?? '');
      closings.emit('closed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Resolves once the server has seen `count` responses close, finished or not. */
async function closed(count: number): Promise<void> {
  while (closedRequests.length < count) await once(closings, 'closed');
}

describe('nodeHttpFetch', () => {
  it('sends the method, headers and body, and answers with the status, headers and body', async () => {
    let seen: Record<string, string | undefined> = {};
    handle = (request, body, response) => {
      const { host, 'content-length': length, 'transfer-encoding': encoding } = request.headers;
      seen = {
        method: request.method,
        type: request.headers['content-type'],
        custom: String(request.headers['x-custom']),
        body,
        host,
        length,
        encoding,
      };
      response
        .writeHead(201, 'Made', { 'content-type': 'application/json', 'x-request-id': 'req_1' })
        .end('{"ok":true}');
    };
    const response = await nodeHttpFetch(`${baseUrl}/v1/things`, {
      method: 'POST',
      headers: new Headers({ 'content-type': 'application/json', 'x-custom': 'yes' }),
      body: '{"a":1}',
    });
    // The length is known, so the body goes out in one piece rather than chunked.
    expect(seen).toEqual({
      method: 'POST',
      type: 'application/json',
      custom: 'yes',
      body: '{"a":1}',
      host: new URL(baseUrl).host,
      length: '7',
      encoding: undefined,
    });
    expect(response).toMatchObject({ status: 201, statusText: 'Made', ok: true, url: `${baseUrl}/v1/things` });
    expect(response.headers.get('x-request-id')).toBe('req_1');
    expect(await response.json()).toEqual({ ok: true });
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(/already been read/);
  });

  it('reports an error status as not ok, with its body as text', async () => {
    handle = (_request, _body, response) => response.writeHead(429, { 'retry-after': '2' }).end('slow down');
    const response = await nodeHttpFetch(`${baseUrl}/`, { method: 'POST', body: '{}' });
    expect(response).toMatchObject({ ok: false, status: 429 });
    expect(response.headers.get('retry-after')).toBe('2');
    expect(await response.text()).toBe('slow down');
  });

  it('hands over the body as it arrives, before the response has ended', async () => {
    let finish: (() => void) | undefined;
    handle = (_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: 1\n\n');
      finish = () => response.end('data: 2\n\n');
    };
    const response = await nodeHttpFetch(`${baseUrl}/`, { method: 'POST', body: '{}' });
    const chunks: string[] = [];
    for await (const chunk of response.body as unknown as AsyncIterable<Buffer>) {
      chunks.push(chunk.toString());
      finish?.();
      finish = undefined;
    }
    expect(chunks.join('')).toBe('data: 1\n\ndata: 2\n\n');
    expect(chunks[0]).toBe('data: 1\n\n');
  });

  it('decodes a gzip body, as fetch does', async () => {
    handle = (_request, _body, response) =>
      response
        .writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'application/json' })
        .end(gzipSync('{"compressed":true}'));
    expect(await (await nodeHttpFetch(`${baseUrl}/`)).json()).toEqual({ compressed: true });
  });

  it("fails with fetch's TypeError, its cause naming the reason, when nothing listens", async () => {
    const port = (server.address() as AddressInfo).port;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    const failure = await nodeHttpFetch(`http://127.0.0.1:${port}/`).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect(failure).toMatchObject({ message: 'fetch failed', cause: { code: 'ECONNREFUSED' } });
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  it('refuses a URL with credentials, as fetch does', async () => {
    const url = new URL(baseUrl);
    url.username = 'user';
    await expect(nodeHttpFetch(url)).rejects.toThrow(/includes credentials/);
  });

  it('sends nothing when the signal is already aborted', async () => {
    let requests = 0;
    handle = (_request, _body, response) => {
      requests += 1;
      response.end();
    };
    await expect(nodeHttpFetch(`${baseUrl}/`, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
    await nodeHttpFetch(`${baseUrl}/after`);
    expect(requests).toBe(1);
  });

  it('rejects with the abort reason and closes the request when aborted before the answer', async () => {
    const arrived = new Promise<void>((resolve) => {
      handle = () => resolve();
    });
    const controller = new AbortController();
    const pending = nodeHttpFetch(`${baseUrl}/hung`, { method: 'POST', body: '{}', signal: controller.signal });
    await arrived;
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await closed(1);
    expect(closedRequests).toEqual(['/hung']);
  });

  it('fails the reading of the body when aborted after the answer, even once it has all arrived', async () => {
    handle = (_request, _body, response) => response.writeHead(200).end('all of it');
    const controller = new AbortController();
    const response = await nodeHttpFetch(`${baseUrl}/`, { signal: controller.signal });
    await closed(1);
    controller.abort();
    await expect(response.text()).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('leaves bodies it does not send itself to the built-in fetch', async () => {
    let received = '';
    handle = (_request, body, response) => {
      received = body;
      response.end('ok');
    };
    const response = await nodeHttpFetch(`${baseUrl}/upload`, { method: 'POST', body: new Blob(['from a blob']) });
    expect(await response.text()).toBe('ok');
    expect(received).toBe('from a blob');
  });
});
