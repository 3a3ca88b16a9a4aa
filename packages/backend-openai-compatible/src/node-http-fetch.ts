import { request as httpRequest } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';
import { urlToHttpOptions } from 'node:url';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/**
 * The `fetch` the OpenAI SDK's clients get: requests go out through `node:http(s)` and its
 * keep-alive agents instead of Node's built-in fetch (undici). The SDK makes one request per model
 * call, so this is on every call's path, and undici's WHATWG layers (a `Request` copy, a web
 * `ReadableStream` per body, its own abort plumbing) cost more than the call's own work: in
 * `bench/server.mjs`, served requests got about 0.2 ms faster with this. It follows redirects as
 * fetch does (see `redirectedRequest`). Bodies other than text or bytes (uploads), and requests
 * that ask for another redirect mode, are handed to the built-in fetch, which supports them all.
 */
export async function nodeHttpFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const body = init.body;
  if (
    input instanceof Request ||
    (init.redirect !== undefined && init.redirect !== 'follow') ||
    !(body === undefined || body === null || typeof body === 'string' || body instanceof Uint8Array)
  ) {
    return globalThis.fetch(input, init);
  }
  const target = new URL(input);
  if (target.username !== '' || target.password !== '')
    throw new TypeError('Request cannot be constructed from a URL that includes credentials');
  const signal = init.signal ?? undefined;
  let hop: Hop = { url: target, method: init.method ?? 'GET', headers: init.headers, body };
  for (let redirects = 0; ; redirects += 1) {
    const answer = await send(hop, signal, redirects > 0);
    if (answer instanceof NodeHttpResponse) return answer as unknown as Response;
    if (redirects === maximumRedirects) throw fetchFailed(new Error('redirect count exceeded'));
    hop = redirectedRequest(hop, answer);
  }
}

/** One request on the way to the answer: the first, or one a redirect asked for. */
interface Hop {
  url: URL;
  method: string;
  headers: RequestInit['headers'];
  body: string | Uint8Array | null | undefined;
}

/** A redirect the server answered with, not yet followed. */
interface Redirect {
  status: number;
  location: string;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
/** Fetch's limit, after which the request fails. */
const maximumRedirects = 20;
/** The headers that describe a body, dropped with it when a redirect turns the request into a GET. */
const bodyHeaders = ['content-encoding', 'content-language', 'content-location', 'content-type', 'content-length'];
/** What undici does not send on to another origin. */
const credentialHeaders = ['authorization', 'proxy-authorization', 'cookie', 'host'];

/**
 * The request a redirect asks for, as the Fetch standard has it: 301 and 302 turn a POST into a
 * GET without its body, 303 turns anything but GET and HEAD into one, 307 and 308 repeat the
 * request as it was. Credentials are not sent on to another origin.
 */
function redirectedRequest(hop: Hop, redirect: Redirect): Hop {
  let url: URL;
  try {
    url = new URL(redirect.location, hop.url);
  } catch (error) {
    throw fetchFailed(error);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw fetchFailed(new Error(`a redirect to ${url.protocol} is not followed`));
  const toGet =
    ((redirect.status === 301 || redirect.status === 302) && hop.method === 'POST') ||
    (redirect.status === 303 && hop.method !== 'GET' && hop.method !== 'HEAD');
  const crossOrigin = url.origin !== hop.url.origin;
  if (!toGet && !crossOrigin) return { ...hop, url };
  const headers = new Headers(hop.headers);
  for (const name of [...(toGet ? bodyHeaders : []), ...(crossOrigin ? credentialHeaders : [])]) headers.delete(name);
  return toGet ? { url, method: 'GET', headers, body: undefined } : { ...hop, url, headers };
}

/** One request: the response, or the redirect it answered with (its body discarded). */
function send(hop: Hop, signal: AbortSignal | undefined, redirected: boolean): Promise<NodeHttpResponse | Redirect> {
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  const { url, body } = hop;
  return new Promise((resolve, reject) => {
    let response: NodeHttpResponse | undefined;
    // As with fetch, cancelling fails the request, or once it has answered, the reading of its body.
    const abort = (): void => {
      const reason = abortReason(signal as AbortSignal);
      request.destroy(reason);
      response?.body.destroy(reason);
      reject(reason);
    };
    const options = {
      ...urlToHttpOptions(url),
      method: hop.method,
      headers: rawHeaders(hop.headers, url.host, body),
    };
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(options, (message) => {
      message.once('close', () => signal?.removeEventListener('abort', abort));
      const location = message.headers.location;
      if (redirectStatuses.has(message.statusCode ?? 0) && location !== undefined) {
        // Read to the end unseen, so that the connection goes back to the pool.
        message.resume();
        resolve({ status: message.statusCode as number, location });
        return;
      }
      response = new NodeHttpResponse(url.href, message, redirected);
      resolve(response);
    });
    signal?.addEventListener('abort', abort, { once: true });
    request.on('error', (error) => {
      signal?.removeEventListener('abort', abort);
      // What fetch does: any failure but a cancel rejects with `TypeError: fetch failed` and the
      // reason as cause; the SDK tells a connection error from a cancel by that.
      reject(signal?.aborted === true ? abortReason(signal) : fetchFailed(error));
    });
    request.end(body ?? undefined);
  });
}

function fetchFailed(cause: unknown): TypeError {
  return new TypeError('fetch failed', { cause });
}

/**
 * The request's headers as `[name, value, ...]`, which `node:http` writes as they are instead of
 * validating and storing them one by one; so it adds neither `host` nor `content-length`, and
 * they are added here. The SDK passes a `Headers`, read without copying it.
 */
function rawHeaders(
  headers: RequestInit['headers'],
  host: string,
  body: string | Uint8Array | null | undefined,
): string[] {
  const raw: string[] = [];
  let hasHost = false;
  let hasLength = false;
  (headers instanceof Headers ? headers : new Headers(headers)).forEach((value, name) => {
    if (name === 'host') hasHost = true;
    if (name === 'content-length') hasLength = true;
    raw.push(name, value);
  });
  if (!hasHost) raw.push('host', host);
  if (!hasLength && body !== undefined && body !== null)
    raw.push('content-length', String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength));
  return raw;
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('This operation was aborted', 'AbortError');
}

/**
 * The part of the Fetch API's `Response` that the SDK reads: status, headers, and the body as an
 * async iterable of bytes (which the SDK's stream reader prefers to a web stream) or as text or
 * JSON. Compressed bodies are decoded, as fetch does.
 */
class NodeHttpResponse {
  readonly status: number;
  readonly statusText: string;
  readonly ok: boolean;
  readonly headers = new Headers();
  readonly type = 'basic';
  readonly body: Readable;
  private used = false;

  constructor(
    readonly url: string,
    message: IncomingMessage,
    readonly redirected: boolean,
  ) {
    this.status = message.statusCode ?? 0;
    this.statusText = message.statusMessage ?? '';
    this.ok = this.status >= 200 && this.status < 300;
    const raw = message.rawHeaders;
    for (let index = 0; index + 1 < raw.length; index += 2)
      this.headers.append(raw[index] as string, raw[index + 1] as string);
    // A failure after the headers (a cut connection) reaches whoever reads the body, from the
    // stream's state; without a listener it would be an uncaught 'error' event instead.
    message.on('error', () => {});
    this.body = decoded(message, this.headers.get('content-encoding'));
  }

  get bodyUsed(): boolean {
    return this.used;
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await this.bytes();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  async text(): Promise<string> {
    return new TextDecoder().decode(await this.bytes());
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  private async bytes(): Promise<Buffer> {
    if (this.used) throw new TypeError('Body is unusable: Body has already been read');
    this.used = true;
    const chunks: Buffer[] = [];
    for await (const chunk of this.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}

function decoded(message: IncomingMessage, encoding: string | null): Readable {
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : undefined;
  if (decoder === undefined) return message;
  message.once('error', (error) => decoder.destroy(error));
  return message.pipe(decoder);
}
