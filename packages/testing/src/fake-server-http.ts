import type { IncomingMessage, ServerResponse } from 'node:http';

/** Reads a whole request body as UTF-8 text. */
export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** Request headers with lower-case names and repeated headers joined, as tests compare them. */
export function lowerCaseHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** Sends a complete JSON body, or a string as plain text (a proxy's HTML error page, say). */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const isText = typeof body === 'string';
  const payload = isText ? body : JSON.stringify(body);
  response.writeHead(status, {
    'content-type': isText ? 'text/plain; charset=utf-8' : 'application/json',
    'content-length': Buffer.byteLength(payload),
    ...headers,
  });
  response.end(payload);
}

/** Waits, unless the client goes away first; resolves whether the response can still be written. */
export function waitWhileConnected(response: ServerResponse, milliseconds: number): Promise<boolean> {
  if (response.destroyed) return Promise.resolve(false);
  if (milliseconds <= 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const onClose = (): void => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      response.off('close', onClose);
      resolve(true);
    }, milliseconds);
    response.once('close', onClose);
  });
}

/** Resolves once the client has gone away (or the server closed the connection). */
export function untilClosed(response: ServerResponse): Promise<void> {
  if (response.destroyed) return Promise.resolve();
  return new Promise((resolve) => response.once('close', () => resolve()));
}

/** Cuts the connection at once, as a crashed upstream or a proxy timeout does. */
export function destroyConnection(response: ServerResponse): void {
  response.socket?.destroy();
  response.destroy();
}
