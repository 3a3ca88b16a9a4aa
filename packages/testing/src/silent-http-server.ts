import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A URL that hangs: an HTTP server that takes every request and never answers it. */
export interface SilentHttpServer {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  readonly origin: string;
  /**
   * Settles when the connection of the latest request closes, so a test can see that its client
   * let go of the URL; undefined until a request comes.
   */
  readonly lastConnectionClosed: Promise<void> | undefined;
  /** Ends every open connection and stops listening. */
  close(): Promise<void>;
}

export async function startSilentHttpServer(): Promise<SilentHttpServer> {
  let lastConnectionClosed: Promise<void> | undefined;
  const server = createServer((request) => {
    lastConnectionClosed = new Promise((resolve) => request.socket.once('close', () => resolve()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    get lastConnectionClosed() {
      return lastConnectionClosed;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
