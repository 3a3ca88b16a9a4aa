import { describe, expect, it } from 'vitest';
import { startSilentHttpServer } from './silent-http-server.js';

describe('startSilentHttpServer', () => {
  it('takes a request, never answers it, and tells when its client lets go', async () => {
    const server = await startSilentHttpServer();
    try {
      expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(server.lastConnectionClosed).toBeUndefined();
      const client = new AbortController();
      const asked = fetch(`${server.origin}/photo.png`, { signal: client.signal });
      // A promise returned to expect.poll would be awaited, so poll on whether there is one.
      await expect.poll(() => server.lastConnectionClosed !== undefined).toBe(true);
      client.abort();
      await expect(asked).rejects.toThrow();
      await server.lastConnectionClosed;
    } finally {
      await server.close();
    }
  });
});
