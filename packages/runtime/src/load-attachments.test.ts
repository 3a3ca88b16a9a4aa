import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { samplePdf, samplePng, sampleWav } from '@massgen/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '@massgen/testing/vitest';
import { loadAttachments } from './load-attachments.js';

const scratch = useTemporaryDirectory('attachments');
const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function write(name: string, bytes: Uint8Array | string): string {
  writeFileSync(path.join(scratch.path, name), bytes);
  return name;
}

describe('loadAttachments', () => {
  it('reads files once and types them by their bytes, whatever their names say', async () => {
    const png = samplePng();
    const parts = await loadAttachments(
      [
        { source: write('photo.jpg', png), kind: 'image' },
        { source: write('report', samplePdf()), kind: 'file' },
        { source: write('memo.wav', sampleWav()), kind: 'file' },
        { source: write('notes.md', '# Notes\nShip it.'), kind: 'file' },
        { source: write('script.ts', 'export const answer = 42;\n'), kind: 'file' },
      ],
      { cwd: scratch.path },
    );
    expect(parts.map((part) => [part.type, part.mediaType, part.filename])).toEqual([
      ['image', 'image/png', 'photo.jpg'],
      ['file', 'application/pdf', 'report'],
      ['audio', 'audio/wav', 'memo.wav'],
      ['file', 'text/markdown', 'notes.md'],
      ['file', 'text/plain', 'script.ts'],
    ]);
    expect(parts[0]?.data).toEqual({ type: 'bytes', bytes: png });
  });

  it('names a missing file, a scratch.path, and a file given as an image that is none', async () => {
    await expect(loadAttachments([{ source: 'nope.png', kind: 'image' }], { cwd: scratch.path })).rejects.toMatchObject(
      {
        code: 'MEDIA_INVALID',
        message: `Cannot read the attachment ${path.join(scratch.path, 'nope.png')}: no such file.`,
      },
    );
    await expect(loadAttachments([{ source: '.', kind: 'file' }], { cwd: scratch.path })).rejects.toThrow(
      'is not a regular file',
    );
    await expect(
      loadAttachments([{ source: write('doc.pdf', samplePdf()), kind: 'image' }], { cwd: scratch.path }),
    ).rejects.toMatchObject({
      code: 'MEDIA_UNSUPPORTED',
      message: 'doc.pdf is not an image (it is application/pdf); attach it as a file instead.',
    });
  });

  it('refuses an attachment over the size limit and too many attachments, saying the limit', async () => {
    const big = write('big.png', Buffer.concat([samplePng(), Buffer.alloc(3 * 1024 * 1024)]));
    await expect(
      loadAttachments([{ source: big, kind: 'image' }], { cwd: scratch.path, limits: { maxBytes: 1024 * 1024 } }),
    ).rejects.toThrow(/The attachment .*big\.png is 3\.0 MB, over the limit of 1\.0 MB\./);
    const one = { source: write('a.txt', 'a'), kind: 'file' as const };
    await expect(loadAttachments([one, one, one], { cwd: scratch.path, limits: { maxCount: 2 } })).rejects.toThrow(
      '3 attachments given; a question may have at most 2.',
    );
  });

  it('refuses bytes that are no known type and not text', async () => {
    await expect(
      loadAttachments([{ source: write('blob', Buffer.from([0, 1, 2, 3, 250, 251])), kind: 'file' }], {
        cwd: scratch.path,
      }),
    ).rejects.toThrow('Cannot tell what kind of file blob is');
  });

  it('fetches a URL once, typed by its bytes and named by its path', async () => {
    const png = samplePng();
    let requests = 0;
    const base = await serve((_request, response) => {
      requests += 1;
      response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(png);
    });
    const [part] = await loadAttachments([{ source: `${base}/img/chart.png`, kind: 'image' }], { cwd: scratch.path });
    expect(part).toEqual({
      type: 'image',
      mediaType: 'image/png',
      filename: 'chart.png',
      data: { type: 'bytes', bytes: png },
    });
    expect(requests).toBe(1);
  });

  it('gives up on a URL that hangs after the timeout, and on one that sends too much', async () => {
    const hanging = await serve(() => undefined);
    await expect(
      loadAttachments([{ source: `${hanging}/slow.png`, kind: 'image' }], {
        cwd: scratch.path,
        limits: { fetchTimeoutMs: 300 },
      }),
    ).rejects.toThrow(`Cannot fetch the attachment ${hanging}/slow.png: no complete answer within 0.3 s.`);
    const endless = await serve((_request, response) => {
      response.writeHead(200);
      const send = (): void => {
        if (!response.destroyed) response.write(Buffer.alloc(64 * 1024), send);
      };
      send();
    });
    await expect(
      loadAttachments([{ source: `${endless}/big.bin`, kind: 'file' }], {
        cwd: scratch.path,
        limits: { maxBytes: 256 * 1024 },
      }),
    ).rejects.toThrow(`The attachment ${endless}/big.bin is larger than the limit of 256 KB.`);
  });

  it('reports an error status and refuses other URL schemes', async () => {
    const missing = await serve((_request, response) => response.writeHead(404, 'Not Found').end());
    await expect(
      loadAttachments([{ source: `${missing}/a.png`, kind: 'image' }], { cwd: scratch.path }),
    ).rejects.toThrow('the server answered 404 Not Found');
    await expect(
      loadAttachments([{ source: 'ftp://example.com/a.png', kind: 'image' }], { cwd: scratch.path }),
    ).rejects.toThrow('only files and http(s) URLs can be attached');
  });
});
