import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { failureMessage } from './fake-server-controls.js';

/** A listening fake provider server, before any protocol is layered on it. */
export interface FakeHttpServer {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  readonly origin: string;
  /** Responses started and not yet finished or abandoned by their client. */
  readonly activeResponses: number;
  /** The most responses that were ever in progress at once: the concurrency a client held it at. */
  readonly peakActiveResponses: number;
  /** Resolves once no response is in progress (hung and slow ones included). */
  idle(): Promise<void>;
  /** Ends every open connection and stops listening; closing twice is harmless. */
  close(): Promise<void>;
}

export interface FakeHttpServerOptions {
  handle(request: IncomingMessage, response: ServerResponse): Promise<void>;
  /** Answers a request whose handler threw before it wrote anything, in the provider's error format, saying `message`. */
  fail(response: ServerResponse, message: string): void;
}

/**
 * Starts an HTTP server on 127.0.0.1 at a free port, counting the responses in flight so that
 * tests can wait for a cancelled or hung request to be really over.
 */
export async function startFakeHttpServer(options: FakeHttpServerOptions): Promise<FakeHttpServer> {
  const idleWaiters: Array<() => void> = [];
  let active = 0;
  let peak = 0;

  const server = createServer((request, response) => {
    active += 1;
    peak = Math.max(peak, active);
    // A response is over once the server ends it or its client leaves, counted at the first sign
    // of either: a gated client sends its next request as soon as it has the last event or has
    // abandoned a stream, and on a busy machine that request can reach this server before
    // 'finish' or 'close' fires, which would count one response too many at once. So a response
    // is over when `end` is called (the last event is written by it) or its socket reads the
    // client's end or reset, which come in the same loop turn as the client leaving.
    const socket = request.socket;
    let over = false;
    const end = (): void => {
      if (over) return;
      over = true;
      socket.off('end', end);
      socket.off('error', end);
      active -= 1;
      if (active === 0) idleWaiters.splice(0).forEach((resolve) => resolve());
    };
    const endResponse = response.end.bind(response);
    response.end = ((...parts: Parameters<typeof endResponse>) => {
      end();
      return endResponse(...parts);
    }) as typeof response.end;
    response.once('close', end);
    socket.once('end', end);
    socket.once('error', end);
    options.handle(request, response).catch((error: unknown) => {
      if (response.headersSent) response.destroy();
      else options.fail(response, failureMessage('The fake server', error));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;

  return {
    origin: `http://127.0.0.1:${port}`,
    get activeResponses() {
      return active;
    },
    get peakActiveResponses() {
      return peak;
    },
    idle() {
      if (active === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    close() {
      // Closing twice (a test's own close, then its cleanup hook) is harmless.
      closing ??= new Promise((resolve, reject) => {
        server.close((error) => (error === undefined ? resolve() : reject(error)));
        // Keep-alive sockets and hung responses would otherwise hold `close` open forever.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
