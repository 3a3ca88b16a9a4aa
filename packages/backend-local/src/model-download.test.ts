import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveModelFile } from './resolve-model-file.js';
import { createTinyLlamaGguf } from './testing/tiny-llama-model.js';

const file = createTinyLlamaGguf({ seed: 99 });
const sha256 = createHash('sha256').update(file).digest('hex');
const filePath = '/me/tiny-GGUF/resolve/main/tiny.gguf';

interface Hub {
  endpoint: string;
  ranges: (string | undefined)[];
  close: () => Promise<void>;
}

/**
 * A stand-in for the Hub: the resolve URL redirects to a CDN path, stating the file's sha256 in
 * `x-linked-etag` as the Hub does; the CDN serves ranges. `dropFirst` cuts the first body
 * halfway; `corrupt` serves other bytes than the sha256 says.
 */
async function startHub(options: { dropFirst?: boolean; corrupt?: boolean } = {}): Promise<Hub> {
  const ranges: (string | undefined)[] = [];
  let served = 0;
  const body = options.corrupt === true ? Buffer.from(file).fill(7, 100, 200) : file;
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (request.url === filePath) {
      response.writeHead(302, {
        location: '/cdn/tiny.gguf',
        'x-linked-etag': `"${sha256}"`,
        'x-linked-size': String(file.length),
      });
      response.end();
      return;
    }
    if (request.url !== '/cdn/tiny.gguf') {
      response.writeHead(404).end();
      return;
    }
    ranges.push(request.headers.range);
    const start = Number(/^bytes=(\d+)-$/.exec(request.headers.range ?? '')?.[1] ?? 0);
    const headers = { 'content-length': String(body.length - start), 'content-type': 'application/octet-stream' };
    if (start > 0)
      response.writeHead(206, { ...headers, 'content-range': `bytes ${start}-${body.length - 1}/${body.length}` });
    else response.writeHead(200, headers);
    served += 1;
    if (options.dropFirst === true && served === 1) {
      const half = Math.floor(body.length / 2);
      response.write(body.subarray(start, half), () => response.socket?.destroy());
      return;
    }
    response.end(body.subarray(start));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    ranges,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let modelsDir: string;
let hub: Hub | undefined;

beforeEach(async () => {
  modelsDir = await mkdtemp(path.join(os.tmpdir(), 'massgen-models-'));
});

afterEach(async () => {
  await hub?.close();
  hub = undefined;
  await rm(modelsDir, { recursive: true, force: true });
});

const reference = 'hf:me/tiny-GGUF/tiny.gguf';
const cached = (): string => path.join(modelsDir, 'hf', 'me', 'tiny-GGUF', 'main', 'tiny.gguf');

describe('resolveModelFile with an hf: reference', () => {
  it('downloads into the cache, reports progress and uses the cached file the next time', async () => {
    hub = await startHub();
    const progress: number[] = [];
    const env = { HF_ENDPOINT: hub.endpoint };
    const resolved = await resolveModelFile(reference, {
      env,
      modelsDir,
      onProgress: ({ receivedBytes }) => progress.push(receivedBytes),
    });
    expect(resolved).toBe(cached());
    expect(Buffer.compare(await readFile(resolved), file)).toBe(0);
    expect(progress.at(-1)).toBe(file.length);
    expect(await resolveModelFile(reference, { env, modelsDir, onProgress: () => undefined })).toBe(cached());
    expect(hub.ranges).toHaveLength(1);
  });

  it('resumes with a Range request after the connection drops halfway, and the file checks out', async () => {
    hub = await startHub({ dropFirst: true });
    const resolved = await resolveModelFile(reference, {
      env: { HF_ENDPOINT: hub.endpoint },
      modelsDir,
      onProgress: () => undefined,
    });
    expect(hub.ranges[0]).toBeUndefined();
    expect(hub.ranges[1]).toMatch(/^bytes=\d+-$/);
    expect(
      createHash('sha256')
        .update(await readFile(resolved))
        .digest('hex'),
    ).toBe(sha256);
  });

  it('continues a .partial file left by an earlier run', async () => {
    hub = await startHub();
    await mkdir(path.dirname(cached()), { recursive: true });
    await writeFile(`${cached()}.partial`, file.subarray(0, 1000));
    await resolveModelFile(reference, { env: { HF_ENDPOINT: hub.endpoint }, modelsDir, onProgress: () => undefined });
    expect(hub.ranges).toEqual(['bytes=1000-']);
    expect(Buffer.compare(await readFile(cached()), file)).toBe(0);
  });

  it('deletes a download whose sha256 does not match and says so', async () => {
    hub = await startHub({ corrupt: true });
    await expect(
      resolveModelFile(reference, { env: { HF_ENDPOINT: hub.endpoint }, modelsDir, onProgress: () => undefined }),
    ).rejects.toMatchObject({
      code: 'BACKEND_STREAM',
      message: expect.stringContaining(`expected ${sha256}`),
    });
    await expect(readFile(`${cached()}.partial`)).rejects.toThrow(/ENOENT/);
  });

  it('offline, says which --model path to pass and where the cache expects the file', async () => {
    hub = await startHub();
    const endpoint = hub.endpoint;
    await hub.close();
    hub = undefined;
    await expect(
      resolveModelFile(reference, { env: { HF_ENDPOINT: endpoint }, modelsDir, onProgress: () => undefined }),
    ).rejects.toMatchObject({
      code: 'BACKEND_NETWORK',
      message: expect.stringMatching(/--model path\/to\/model\.gguf[\s\S]*MASSGEN_MODELS_DIR/),
    });
  });

  it('names a missing local file and the form of an hf: reference', async () => {
    await expect(
      resolveModelFile(path.join(modelsDir, 'none.gguf'), { env: {}, onProgress: () => undefined }),
    ).rejects.toMatchObject({
      code: 'BACKEND_NOT_FOUND',
      message: expect.stringContaining('hf:'),
    });
  });
});
