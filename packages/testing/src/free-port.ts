import { createServer } from 'node:net';

/**
 * A loopback port free at this moment, for a program that takes its port as an argument; another
 * process may take it before that program binds it, so callers retry on a failed start.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
