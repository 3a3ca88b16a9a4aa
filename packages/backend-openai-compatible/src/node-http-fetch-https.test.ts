import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, globalAgent } from 'node:https';
import type { Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeHttpFetch } from './node-http-fetch.js';

const opensslAvailable = spawnSync('openssl', ['version']).status === 0;

/** A certificate for 127.0.0.1 that nothing trusts until a test says so, made for this run. */
function selfSignedCertificate(): { key: string; cert: string } {
  const directory = mkdtempSync(path.join(tmpdir(), 'massgen-tls-'));
  try {
    const key = path.join(directory, 'key.pem');
    const cert = path.join(directory, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '2',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

describe.skipIf(!opensslAvailable)(
  `nodeHttpFetch over HTTPS${opensslAvailable ? '' : ' (skipped: openssl is not installed to make a certificate)'}`,
  () => {
    let server: Server;
    let url: string;
    let certificate: { key: string; cert: string };

    beforeAll(async () => {
      certificate = selfSignedCertificate();
      server = createServer(certificate, (request, response) => {
        let body = '';
        request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        request.on('end', () =>
          response
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ received: body, secure: request.socket.constructor.name })),
        );
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`;
    });

    afterAll(async () => {
      globalAgent.options.ca = undefined;
      globalAgent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it('refuses a server whose certificate it cannot verify, as fetch does', async () => {
      const failure = await nodeHttpFetch(url, { method: 'POST', body: '{}' }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(TypeError);
      expect(failure).toMatchObject({ message: 'fetch failed', cause: { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' } });
    });

    it('talks to a server it trusts over TLS', async () => {
      globalAgent.options.ca = certificate.cert;
      const response = await nodeHttpFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"over":"tls"}',
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: '{"over":"tls"}', secure: 'TLSSocket' });
    });
  },
);
