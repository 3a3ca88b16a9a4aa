import { open } from 'node:fs/promises';
import { MassGenError } from '@massgen/core';

export interface FetchLimits {
  maxBytes: number;
  timeoutMs: number;
  signal?: AbortSignal;
  /** What the bytes are to the user, for messages: `attachment` unless given (`file` for a tool's input). */
  noun?: string;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** The error for bytes over a size limit, naming the file and both sizes. */
export function tooLarge(name: string, size: number | undefined, maxBytes: number, noun = 'attachment'): MassGenError {
  const actual = size === undefined ? 'larger than' : `${formatBytes(size)}, over`;
  return new MassGenError({
    code: 'MEDIA_INVALID',
    message: `The ${noun} ${name} is ${actual} the limit of ${formatBytes(maxBytes)}.`,
  });
}

/**
 * The bytes at an http(s) URL, read once, refused as soon as they pass `maxBytes` (by their
 * declared length, or while they arrive), and abandoned after `timeoutMs` in all: a server that
 * hangs or sends without end costs a bounded wait and leaves no connection open.
 */
export async function fetchAttachment(
  url: URL,
  limits: FetchLimits,
): Promise<{ bytes: Uint8Array; contentType?: string }> {
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const signal = limits.signal === undefined ? timeout : AbortSignal.any([limits.signal, timeout]);
  const noun = limits.noun ?? 'attachment';
  const fail = (reason: string): MassGenError =>
    new MassGenError({ code: 'MEDIA_INVALID', message: `Cannot fetch the ${noun} ${url.href}: ${reason}.` });
  const describe = (error: unknown): MassGenError => {
    if (error instanceof MassGenError) return error;
    if (timeout.aborted) return fail(`no complete answer within ${limits.timeoutMs / 1000} s`);
    if (limits.signal?.aborted === true) return new MassGenError({ code: 'ABORTED', message: 'Cancelled.' });
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    return fail(cause ?? (error as Error).message);
  };
  let response: Response;
  try {
    response = await fetch(url, { signal, redirect: 'follow' });
  } catch (error) {
    throw describe(error);
  }
  try {
    if (!response.ok) throw fail(`the server answered ${response.status} ${response.statusText}`.trim());
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    if (declared > limits.maxBytes) throw tooLarge(url.href, declared, limits.maxBytes, noun);
    const chunks: Uint8Array[] = [];
    let received = 0;
    for await (const chunk of (response.body ?? []) as AsyncIterable<Uint8Array>) {
      received += chunk.byteLength;
      if (received > limits.maxBytes) throw tooLarge(url.href, undefined, limits.maxBytes, noun);
      chunks.push(chunk);
    }
    const contentType = response.headers.get('content-type')?.split(';')[0]?.trim();
    return { bytes: Buffer.concat(chunks), ...(contentType === undefined ? {} : { contentType }) };
  } catch (error) {
    throw describe(error);
  } finally {
    if (response.body !== null && !response.bodyUsed) await response.body.cancel().catch(() => undefined);
  }
}

/**
 * A file's bytes, refused before reading when it is larger than `maxBytes` or is no regular file.
 * `shown` is how messages name it (the path as the user wrote it).
 */
export async function readLimited(
  file: string,
  maxBytes: number,
  noun = 'attachment',
  shown = file,
): Promise<Uint8Array> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
    throw new MassGenError({ code: 'MEDIA_INVALID', message: `Cannot read the ${noun} ${shown}: ${reason}.` });
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile())
      throw new MassGenError({ code: 'MEDIA_INVALID', message: `The ${noun} ${shown} is not a regular file.` });
    if (stats.size > maxBytes) throw tooLarge(shown, stats.size, maxBytes, noun);
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}
