import type { IncomingMessage } from 'node:http';
import type { ApiError } from './openai-errors.js';

/**
 * Refuses what a web page on another site could make a browser send to this server: a request
 * whose `Host` is not the loopback address the server was opened on (DNS rebinding) and a
 * state-changing request from another origin or not sent as JSON (which a cross-site form or
 * a no-CORS fetch cannot send). Only on loopback: an exposed server relies on its API key.
 */
export function guardWebRequest(request: IncomingMessage, loopbackPort: number | undefined): ApiError | undefined {
  if (loopbackPort === undefined) return undefined;
  const host = request.headers.host ?? '';
  const allowedHosts = [`127.0.0.1:${loopbackPort}`, `localhost:${loopbackPort}`, `[::1]:${loopbackPort}`];
  if (!allowedHosts.includes(host.toLowerCase()))
    return forbidden(
      `This server answers only as ${allowedHosts.join(', ')} (the request named ${host || 'no host'}).`,
    );
  const method = request.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD') return undefined;
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `http://${host}`)
    return forbidden(`Requests from ${origin} may not change anything here.`);
  const type = request.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type))
    return {
      status: 415,
      type: 'invalid_request_error',
      message: 'Send the request body as JSON (Content-Type: application/json).',
      param: null,
      code: 'unsupported_media_type',
    };
  return undefined;
}

function forbidden(message: string): ApiError {
  return { status: 403, type: 'invalid_request_error', message, param: null, code: 'forbidden' };
}
