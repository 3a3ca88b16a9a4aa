import path from 'node:path';
import { fetchAttachment, readLimited } from '@massgen/backend-utils';
import { MassGenError } from '@massgen/core';
import type { PathSandbox } from '@massgen/workspace';
import { fileTypeFromBuffer } from 'file-type';

/** A file a media tool was asked about, read once. */
export interface MediaInput {
  bytes: Uint8Array;
  /** What its bytes show it is, else what its name says; undefined when neither tells. */
  mediaType: string | undefined;
  /** Its file name, for the model and for messages. */
  filename: string;
  /** How the agent named it. */
  shown: string;
}

export interface MediaInputLimits {
  maxBytes: number;
  urlTimeoutMs: number;
  signal: AbortSignal;
}

/** Media types told by a file's name, for files whose bytes carry no signature (text, some audio). */
const typesByExtension: Readonly<Record<string, string>> = {
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.csv': 'text/csv',
  '.tsv': 'text/tab-separated-values',
  '.json': 'application/json',
  '.yaml': 'application/yaml',
  '.yml': 'application/yaml',
  '.xml': 'application/xml',
  '.html': 'text/html',
  '.htm': 'text/html',
  '.py': 'text/x-python',
  '.js': 'text/javascript',
  '.ts': 'text/x-typescript',
  '.log': 'text/plain',
  '.mp3': 'audio/mpeg',
};

/**
 * The bytes a tool's path argument names: an http(s) URL (fetched with the size cap and the
 * timeout), or a path the agent may read, decided by its workspace's sandbox as its file tools
 * decide (`..`, links and sibling directories cannot lead outside).
 */
export async function readMediaInput(
  source: string,
  sandbox: PathSandbox,
  limits: MediaInputLimits,
  argument: string,
): Promise<MediaInput> {
  if (/^https?:\/\//i.test(source)) {
    const url = new URL(source);
    const fetched = await fetchAttachment(url, {
      maxBytes: limits.maxBytes,
      timeoutMs: limits.urlTimeoutMs,
      signal: limits.signal,
      noun: 'file',
    });
    const filename = decodeURIComponent(path.posix.basename(url.pathname)) || url.hostname;
    return {
      bytes: fetched.bytes,
      mediaType: await mediaTypeOf(fetched.bytes, filename, fetched.contentType),
      filename,
      shown: source,
    };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(source)) {
    throw new MassGenError({
      code: 'MEDIA_INVALID',
      message: `${argument} "${source}" is neither a path nor an http(s) URL.`,
    });
  }
  const resolved = await sandbox.resolve(source, 'read', argument);
  const bytes = await readLimited(resolved.realPath, limits.maxBytes, 'file', resolved.displayPath);
  const filename = path.basename(resolved.realPath);
  return { bytes, mediaType: await mediaTypeOf(bytes, filename), filename, shown: resolved.displayPath };
}

async function mediaTypeOf(bytes: Uint8Array, filename: string, declared?: string): Promise<string | undefined> {
  const sniffed = await fileTypeFromBuffer(bytes);
  if (sniffed !== undefined) return sniffed.mime;
  return typesByExtension[path.extname(filename).toLowerCase()] ?? declared;
}
