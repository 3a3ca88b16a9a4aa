import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Bounds what a client can hold open. Each connection gets `requestTimeoutMs` to deliver a
 * whole request, headers and body, from when it connects or its previous response ended; a
 * connection that sends part of a request and goes quiet, or drips it byte by byte, is closed
 * when that time is up. Node's own `requestTimeout` is checked only every
 * `connectionsCheckingInterval` and does not see a request whose headers never finish, so each
 * socket carries its own timer. Once a request has fully arrived the client may wait for the
 * team as long as the run takes. Past `maxConnections` open connections, new ones are closed
 * at once.
 */
export function applyConnectionDeadlines(
  http: Server,
  limits: { requestTimeoutMs: number; maxConnections: number },
): void {
  http.maxConnections = limits.maxConnections;
  const timers = new WeakMap<Socket, NodeJS.Timeout>();
  const disarm = (socket: Socket): void => {
    clearTimeout(timers.get(socket));
    timers.delete(socket);
  };
  const arm = (socket: Socket): void => {
    disarm(socket);
    if (socket.destroyed) return;
    const timer = setTimeout(() => socket.destroy(), limits.requestTimeoutMs);
    timer.unref();
    timers.set(socket, timer);
  };
  http.on('connection', (socket: Socket) => {
    arm(socket);
    socket.once('close', () => disarm(socket));
  });
  http.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    if (request.complete) disarm(socket);
    else request.once('end', () => disarm(socket));
    // The next request on a kept-alive connection gets the same time again.
    response.once('finish', () => arm(socket));
  });
}
