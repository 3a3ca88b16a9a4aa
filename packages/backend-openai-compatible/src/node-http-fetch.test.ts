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

describe('nodeHttpFetch redirects', () => {
  /** What the final endpoint saw, and what the caller got back. */
  async function follow(
    fetchWith: typeof nodeHttpFetch,
    status: number,
    method: string,
  ): Promise<{ seen: Record<string, string | undefined>; url: string; redirected: boolean; text: string }> {
    let seen: Record<string, string | undefined> = {};
    handle = (request, body, response) => {
      if (request.url === '/moved') {
        response.writeHead(status, { location: '/v1/target?page=2' }).end('moved elsewhere');
        return;
      }
      seen = { path: request.url, method: request.method, body, type: request.headers['content-type'] };
      response.end('arrived');
    };
    const response = await fetchWith(`${baseUrl}/moved`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    return { seen, url: response.url, redirected: response.redirected, text: await response.text() };
  }

  it.each([
    [301, 'POST', 'GET', ''],
    [302, 'POST', 'GET', ''],
    [303, 'POST', 'GET', ''],
    [303, 'PUT', 'GET', ''],
    [301, 'PUT', 'PUT', '{"a":1}'],
    [302, 'PATCH', 'PATCH', '{"a":1}'],
    [307, 'POST', 'POST', '{"a":1}'],
    [308, 'POST', 'POST', '{"a":1}'],
  ])('follows a %i after a %s with a %s, as fetch does', async (status, method, expectedMethod, expectedBody) => {
    const followed = await follow(nodeHttpFetch, status, method);
    expect(followed).toEqual({
      seen: {
        path: '/v1/target?page=2',
        method: expectedMethod,
        body: expectedBody,
        // A body's description goes with the body.
        type: expectedBody === '' ? undefined : 'application/json',
      },
      url: `${baseUrl}/v1/target?page=2`,
      redirected: true,
      text: 'arrived',
    });
    expect(followed).toEqual(await follow(globalThis.fetch, status, method));
  });

  it('sends the authorization along a redirect within the origin, not on to another origin', async () => {
    const seen: Array<[string, string | undefined]> = [];
    const other = createServer((request, response) => {
      seen.push([`other${request.url ?? ''}`, request.headers.authorization]);
      response.end('elsewhere');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    try {
      handle = (request, _body, response) => {
        seen.push([request.url ?? '', request.headers.authorization]);
        if (request.url === '/first') response.writeHead(308, { location: '/second' }).end();
        else response.writeHead(307, { location: `${otherUrl}/third` }).end();
      };
      const response = await nodeHttpFetch(`${baseUrl}/first`, {
        method: 'POST',
        headers: { authorization: 'Bearer secret' },
        body: '{}',
      });
      expect(await response.text()).toBe('elsewhere');
      expect(response.url).toBe(`${otherUrl}/third`);
      expect(seen).toEqual([
        ['/first', 'Bearer secret'],
        ['/second', 'Bearer secret'],
        ['other/third', undefined],
      ]);
    } finally {
      other.closeAllConnections();
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it("gives up after 20 redirects with fetch's TypeError, and hands a 3xx without a location back as it is", async () => {
    let requests = 0;
    handle = (_request, _body, response) => {
      requests += 1;
      response.writeHead(302, { location: `/again/${requests}` }).end();
    };
    const failure = await nodeHttpFetch(`${baseUrl}/again/0`).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect(failure).toMatchObject({ message: 'fetch failed', cause: { message: 'redirect count exceeded' } });
    expect(requests).toBe(21);

    handle = (_request, _body, response) => response.writeHead(304).end();
    const notModified = await nodeHttpFetch(`${baseUrl}/cached`);
    expect(notModified).toMatchObject({ status: 304, redirected: false, url: `${baseUrl}/cached` });
  });

  it('refuses to follow a redirect away from http and https', async () => {
    handle = (_request, _body, response) => response.writeHead(302, { location: 'file:///etc/passwd' }).end();
    await expect(nodeHttpFetch(`${baseUrl}/`)).rejects.toMatchObject({
      message: 'fetch failed',
      cause: { message: 'a redirect to file: is not followed' },
    });
  });

  it('leaves another redirect mode to the built-in fetch', async () => {
    handle = (_request, _body, response) => response.writeHead(302, { location: '/elsewhere' }).end();
    const response = await nodeHttpFetch(`${baseUrl}/`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/elsewhere');
  });
});
