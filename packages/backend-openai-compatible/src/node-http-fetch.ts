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
 * `bench/server.mjs`, served requests got about 0.2 ms faster with this. Bodies other than text or
 * bytes (uploads) are handed to the built-in fetch, which supports them all.
 */
export function nodeHttpFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const body = init.body;
  if (
    input instanceof Request ||
    !(body === undefined || body === null || typeof body === 'string' || body instanceof Uint8Array)
  ) {
    return globalThis.fetch(input, init);
  }
  const target = new URL(input);
  if (target.username !== '' || target.password !== '')
    return Promise.reject(new TypeError('Request cannot be constructed from a URL that includes credentials'));
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const signal = init.signal ?? undefined;
  if (signal?.aborted) return Promise.reject(abortReason(signal));
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
      ...urlToHttpOptions(target),
      method: init.method ?? 'GET',
      headers: rawHeaders(init.headers, target.host, body),
    };
    const request = send(options, (message) => {
      response = new NodeHttpResponse(target.href, message);
      message.once('close', () => signal?.removeEventListener('abort', abort));
      resolve(response as unknown as Response);
    });
    signal?.addEventListener('abort', abort, { once: true });
    request.on('error', (error) => {
      signal?.removeEventListener('abort', abort);
      // What fetch does: any failure but a cancel rejects with `TypeError: fetch failed` and the
      // reason as cause; the SDK tells a connection error from a cancel by that.
      reject(signal?.aborted === true ? abortReason(signal) : new TypeError('fetch failed', { cause: error }));
    });
    request.end(body ?? undefined);
  });
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
  readonly redirected = false;
  readonly type = 'basic';
  readonly body: Readable;
  private used = false;

  constructor(
    readonly url: string,
    message: IncomingMessage,
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
