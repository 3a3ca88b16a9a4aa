import { once } from 'node:events';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { countedTeamResponder, useTestServers } from './server-test-support.js';

const startServer = useTestServers();

async function open(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port) });
  await once(socket, 'connect');
  return socket;
}

/** Resolves with what the server sent once it closed the connection. */
function closedByServer(socket: Socket): Promise<string> {
  let received = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => undefined);
  return new Promise((resolve) => socket.on('close', () => resolve(received)));
}

describe('connections that go quiet while sending a request', () => {
  it.each([
    ['nothing at all', ''],
    ['partial headers', 'POST /v1/chat/completions HTTP/1.1\r\nhost: x\r\ncontent-'],
    [
      'a partial body',
      'POST /v1/chat/completions HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"model":',
    ],
  ])('are closed within the request timeout after %s', async (_name, sent) => {
    const harness = await startServer({ server: { limits: { requestTimeoutMs: 300 } } });
    const socket = await open(harness.url);
    const closed = closedByServer(socket);
    if (sent !== '') socket.write(sent);
    // The test's own timeout (30 s) is the bound: before, such a connection stayed open for good.
    const received = await closed;
    expect(received === '' || /^HTTP\/1\.1 408 /.test(received)).toBe(true);
  });

  it('keep a slow but steady sender only until the request timeout', async () => {
    const harness = await startServer({ server: { limits: { requestTimeoutMs: 600 } } });
    const socket = await open(harness.url);
    const closed = closedByServer(socket);
    socket.write('POST /v1/chat/completions HTTP/1.1\r\nhost: x\r\ncontent-length: 100000\r\n\r\n');
    const drip = setInterval(() => socket.writable && socket.write(' '), 50);
    await closed;
    clearInterval(drip);
  });

  it('do not cut a client that sent its whole request and waits for a slow team', async () => {
    const harness = await startServer({
      server: { limits: { requestTimeoutMs: 300 } },
      responder: countedTeamResponder({ answer: 'Four.', finalText: 'The answer is 4.', latencyMs: 400 }),
    });
    const response = await fetch(`${harness.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'massgen', messages: [{ role: 'user', content: 'Hi' }] }),
    });
    expect(response.status).toBe(200);
  });
});

describe('open connections', () => {
  it('are capped: one past the limit is closed at once', async () => {
    const harness = await startServer({ server: { limits: { maxConnections: 2 } } });
    const first = await open(harness.url);
    const second = await open(harness.url);
    const third = await open(harness.url);
    await closedByServer(third);
    expect(first.destroyed || second.destroyed).toBe(false);
    first.destroy();
    second.destroy();
  });
});
