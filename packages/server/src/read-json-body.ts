import type { IncomingMessage } from 'node:http';
import { badRequest } from './openai-errors.js';
import type { ApiError } from './openai-errors.js';

export type BodyResult = { ok: true; body: unknown } | { ok: false; error: ApiError };

/**
 * Reads a JSON request body of at most `maxBytes`. A body announced or found to be larger is
 * refused with 413 as soon as that is known, without reading the rest; the connection is then
 * closed, since the unread remainder would otherwise be taken for the next request.
 */
export async function readJsonBody(request: IncomingMessage, maxBytes: number): Promise<BodyResult> {
  const encoding = request.headers['content-encoding'];
  if (encoding !== undefined && encoding.toLowerCase() !== 'identity') {
    return { ok: false, error: { status: 415, type: 'invalid_request_error', message: `Content-Encoding "${encoding}" is not supported; send the JSON body uncompressed.`, param: null, code: 'unsupported_content_encoding', headers: { connection: 'close' } } };
  }
  const announced = Number(request.headers['content-length']);
  if (Number.isFinite(announced) && announced > maxBytes) return { ok: false, error: tooLarge(maxBytes) };

  const read = await collect(request, maxBytes);
  if (!read.ok) return read;
  const text = read.data.toString('utf8');
  if (text.trim() === '') return { ok: false, error: badRequest('The request body is empty: send a JSON object with "model" and "messages".', 'missing_body') };
  try {
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, error: badRequest('The request body is not valid JSON: send a JSON object with "model" and "messages".', 'invalid_json') };
  }
}

function tooLarge(maxBytes: number): ApiError {
  return {
    status: 413,
    type: 'invalid_request_error',
    message: `The request body is larger than this server accepts (${maxBytes} bytes).`,
    param: null,
    code: 'request_too_large',
    headers: { connection: 'close' },
  };
}

/**
 * Gathers the body through events rather than an async iterator: leaving an iterator early
 * destroys the request, and with it the socket the 413 response must still go out on.
 */
function collect(request: IncomingMessage, maxBytes: number): Promise<{ ok: true; data: Buffer } | { ok: false; error: ApiError }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: { ok: true; data: Buffer } | { ok: false; error: ApiError }): void => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
      request.off('aborted', onError);
      resolve(result);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) {
        request.pause();
        finish({ ok: false, error: tooLarge(maxBytes) });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => finish({ ok: true, data: Buffer.concat(chunks, size) });
    const onError = (): void => finish({ ok: false, error: badRequest('The request body could not be read completely.', 'incomplete_body') });
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
    request.on('aborted', onError);
  });
}
