import type { IncomingMessage } from 'node:http';
import { badRequest } from './openai-errors.js';
import type { ApiError } from './openai-errors.js';

export type BodyResult = { ok: true; body: unknown } | { ok: false; error: ApiError };

/**
 * How much of an oversize body is read and thrown away before answering 413. Closing a socket
 * with unread data makes the kernel reset the connection, and the client can lose the 413 with
 * it; reading the rest first lets the answer arrive. Past this, the server answers and hangs up.
 */
const maxDiscardedBytes = 8 * 1024 * 1024;

/** Reads a JSON request body of at most `maxBytes`; a larger one is refused with 413. */
export async function readJsonBody(request: IncomingMessage, maxBytes: number): Promise<BodyResult> {
  const encoding = request.headers['content-encoding'];
  if (encoding !== undefined && encoding.toLowerCase() !== 'identity') {
    const error: ApiError = {
      status: 415,
      type: 'invalid_request_error',
      message: `Content-Encoding "${encoding}" is not supported; send the JSON body uncompressed.`,
      param: null,
      code: 'unsupported_content_encoding',
    };
    return { ok: false, error: (await discard(request)) ? error : closing(error) };
  }
  const announced = Number(request.headers['content-length']);
  if (Number.isFinite(announced) && announced > maxDiscardedBytes)
    return { ok: false, error: closing(tooLarge(maxBytes)) };

  const read = (await readBuffered(request, maxBytes)) ?? (await collect(request, maxBytes));
  if (read.kind === 'failed')
    return { ok: false, error: badRequest('The request body could not be read completely.', 'incomplete_body') };
  if (read.kind === 'too-large')
    return { ok: false, error: read.drained ? tooLarge(maxBytes) : closing(tooLarge(maxBytes)) };
  const text = read.data.toString('utf8');
  if (text.trim() === '')
    return {
      ok: false,
      error: badRequest('The request body is empty: send a JSON object with "model" and "messages".', 'missing_body'),
    };
  try {
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch {
    return {
      ok: false,
      error: badRequest(
        'The request body is not valid JSON: send a JSON object with "model" and "messages".',
        'invalid_json',
      ),
    };
  }
}

function tooLarge(maxBytes: number): ApiError {
  return {
    status: 413,
    type: 'invalid_request_error',
    message: `The request body is larger than this server accepts (${maxBytes} bytes).`,
    param: null,
    code: 'request_too_large',
  };
}

/** The rest of the body is still unread: the connection cannot carry another request. */
function closing(error: ApiError): ApiError {
  return { ...error, headers: { ...error.headers, connection: 'close' } };
}

/**
 * A small body comes in the same packets as the headers, and is whole and buffered once the
 * task that parsed them has run: then it is read at once rather than through its events.
 */
async function readBuffered(request: IncomingMessage, maxBytes: number): Promise<Collected | undefined> {
  await Promise.resolve();
  if (!request.complete || request.readableFlowing === true || request.readableLength > maxBytes) return undefined;
  const data = request.readableLength === 0 ? Buffer.alloc(0) : (request.read() as Buffer | null);
  return data === null ? undefined : { kind: 'read', data };
}

type Collected = { kind: 'read'; data: Buffer } | { kind: 'too-large'; drained: boolean } | { kind: 'failed' };

/**
 * Gathers the body through events rather than an async iterator, which would destroy the
 * request (and the socket the answer goes out on) when left early. Past `maxBytes` the data is
 * dropped instead of kept, up to `maxDiscardedBytes`.
 */
function collect(request: IncomingMessage, maxBytes: number): Promise<Collected> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: Collected): void => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onFailure);
      request.off('aborted', onFailure);
      request.off('close', onFailure);
      resolve(result);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxDiscardedBytes) {
        request.pause();
        finish({ kind: 'too-large', drained: false });
      } else if (size <= maxBytes) {
        chunks.push(chunk);
      } else {
        chunks.length = 0;
      }
    };
    const onEnd = (): void =>
      finish(
        size > maxBytes ? { kind: 'too-large', drained: true } : { kind: 'read', data: Buffer.concat(chunks, size) },
      );
    const onFailure = (): void => finish({ kind: 'failed' });
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onFailure);
    request.on('aborted', onFailure);
    request.on('close', onFailure);
  });
}

/** Reads and drops a body the server will not use; false when it was too large to wait for. */
async function discard(request: IncomingMessage): Promise<boolean> {
  const result = await collect(request, 0);
  return result.kind !== 'too-large' || result.drained;
}
