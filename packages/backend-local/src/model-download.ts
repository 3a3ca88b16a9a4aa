import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MassGenError } from '@massgen/core';
import type { DownloadProgressListener } from './download-progress.js';

export interface ModelDownloadOptions {
  url: string;
  destination: string;
  /** Sent as a bearer token (gated models); never written anywhere. */
  token?: string;
  onProgress?: DownloadProgressListener;
  signal?: AbortSignal;
  /** Attempts after a connection drops mid-file; each resumes where the last stopped. */
  maxResumes?: number;
  fetch?: typeof fetch;
}

interface RemoteFile {
  url: string;
  /** The LFS object's sha256, from the Hub's `x-linked-etag` when it gives one. */
  sha256?: string;
  response?: Response;
}

function sha256FromEtag(value: string | null): string | undefined {
  const etag = value?.replace(/^W\//, '').replace(/"/g, '').trim().toLowerCase();
  return etag !== undefined && /^[0-9a-f]{64}$/.test(etag) ? etag : undefined;
}

async function fileSize(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch {
    return 0;
  }
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * Downloads a model file into `destination`, through `<destination>.partial` so that an
 * interrupted download resumes (HTTP `Range`) instead of starting over, and checks its sha256
 * when the source states one. Resolves to the destination path.
 */
export async function downloadModelFile(options: ModelDownloadOptions): Promise<string> {
  const doFetch = options.fetch ?? fetch;
  const partial = `${options.destination}.partial`;
  await mkdir(path.dirname(options.destination), { recursive: true });
  const headers: Record<string, string> =
    options.token === undefined ? {} : { authorization: `Bearer ${options.token}` };
  const remote = await locate(options.url, headers, doFetch, options.signal);
  const maxResumes = options.maxResumes ?? 5;
  let totalBytes: number | undefined;
  for (let attempt = 0; ; attempt += 1) {
    const offset = await fileSize(partial);
    try {
      const response = await doFetch(remote.url, {
        headers: { ...headers, ...(offset > 0 ? { range: `bytes=${offset}-` } : {}) },
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
      if (response.status === 416 && totalBytes !== undefined && offset >= totalBytes) break;
      if (!response.ok || response.body === null) throw httpError(response.status, options.url);
      const resumed = response.status === 206;
      const length = Number(response.headers.get('content-length') ?? Number.NaN);
      totalBytes = Number.isFinite(length) ? length + (resumed ? offset : 0) : totalBytes;
      let received = resumed ? offset : 0;
      const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>);
      body.on('data', (chunk: Buffer) => {
        received += chunk.length;
        options.onProgress?.({ receivedBytes: received, totalBytes });
      });
      const sink = createWriteStream(partial, { flags: resumed ? 'a' : 'w' });
      try {
        await pipeline(body, sink);
      } finally {
        // A dropped connection rejects the pipeline while a write may still be landing; the next
        // attempt measures the file to resume from, so wait until the file is closed.
        if (!sink.closed) await once(sink, 'close');
      }
      if (totalBytes === undefined || received >= totalBytes) break;
      throw new Error(`the connection closed after ${received} of ${totalBytes} bytes`);
    } catch (error) {
      if (options.signal?.aborted === true)
        throw new MassGenError({
          code: 'ABORTED',
          message: `The download of ${options.url} was cancelled; it resumes next time.`,
          provider: 'local',
          cause: error,
        });
      if (MassGenError.isInstance(error) || attempt >= maxResumes) throw downloadFailure(error, options.url);
    }
  }
  if (remote.sha256 !== undefined) {
    const actual = await sha256Of(partial);
    if (actual !== remote.sha256) {
      await rm(partial, { force: true });
      throw new MassGenError({
        code: 'BACKEND_STREAM',
        message: `The model downloaded from ${options.url} is corrupt (sha256 ${actual}, expected ${remote.sha256}); it was deleted, so the next run downloads it again.`,
        provider: 'local',
      });
    }
  }
  await rename(partial, options.destination);
  return options.destination;
}

/**
 * Asks for the file without following the redirect, because the Hub states the file's sha256
 * on the redirect (`x-linked-etag`) and the CDN behind it does not.
 */
async function locate(
  url: string,
  headers: Record<string, string>,
  doFetch: typeof fetch,
  signal: AbortSignal | undefined,
): Promise<RemoteFile> {
  let response: Response;
  try {
    response = await doFetch(url, {
      method: 'HEAD',
      redirect: 'manual',
      headers,
      ...(signal === undefined ? {} : { signal }),
    });
  } catch (error) {
    throw downloadFailure(error, url);
  }
  const sha256 = sha256FromEtag(response.headers.get('x-linked-etag'));
  const location = response.headers.get('location');
  if (response.status >= 300 && response.status < 400 && location !== null) {
    return { url: new URL(location, url).toString(), ...(sha256 === undefined ? {} : { sha256 }) };
  }
  if (!response.ok) throw httpError(response.status, url);
  return { url, ...(sha256 === undefined ? {} : { sha256 }) };
}

function httpError(status: number, url: string): MassGenError {
  const hint =
    status === 401 || status === 403
      ? ' The model may be gated: accept its terms on huggingface.co and set HF_TOKEN.'
      : status === 404
        ? ' Check the owner, repository and file name of the hf: reference.'
        : '';
  return new MassGenError({
    code: status === 401 || status === 403 ? 'BACKEND_AUTH' : status === 404 ? 'BACKEND_NOT_FOUND' : 'BACKEND_SERVER',
    message: `Could not download ${url}: HTTP ${status}.${hint}`,
    statusCode: status,
    provider: 'local',
  });
}

function downloadFailure(error: unknown, url: string): MassGenError {
  if (MassGenError.isInstance(error)) return error;
  const reason =
    error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
  return new MassGenError({
    code: 'BACKEND_NETWORK',
    message: `Could not download ${url} (${reason}). If this machine is offline, download the .gguf file elsewhere and pass it with --model path/to/model.gguf (or backend.model in the configuration); what was already downloaded resumes next time.`,
    provider: 'local',
    cause: error,
  });
}
