import path from 'node:path';
import { fetchAttachment, readLimited } from '@massgen/backend-utils';
import { MassGenError } from '@massgen/core';
import type { MediaPart } from '@massgen/core';
import { attachmentPart, type AttachmentKind } from './attachment-type.js';

/** One attachment as a user names it: a file path or an http(s) URL. */
export interface AttachmentRequest {
  source: string;
  kind: AttachmentKind;
}

export interface AttachmentLimits {
  /** Largest attachment, in bytes. */
  maxBytes: number;
  /** Most attachments on one question. */
  maxCount: number;
  /** How long fetching one URL may take in all. */
  fetchTimeoutMs: number;
}

export const defaultAttachmentLimits: AttachmentLimits = {
  maxBytes: 20 * 1024 * 1024,
  maxCount: 10,
  fetchTimeoutMs: 30_000,
};

export interface LoadAttachmentsOptions {
  /** Relative paths are read from here. */
  cwd: string;
  limits?: Partial<AttachmentLimits>;
  signal?: AbortSignal;
}

function isUrl(source: string): boolean {
  return /^https?:\/\//i.test(source);
}

/** One attachment, loaded and typed as `loadAttachments` does it (an interactive `/attach`). */
export async function loadAttachment(request: AttachmentRequest, options: LoadAttachmentsOptions): Promise<MediaPart> {
  return loadOne(request, options, { ...defaultAttachmentLimits, ...options.limits });
}

async function loadOne(
  request: AttachmentRequest,
  options: LoadAttachmentsOptions,
  limits: AttachmentLimits,
): Promise<MediaPart> {
  if (isUrl(request.source)) {
    const url = new URL(request.source);
    const fetched = await fetchAttachment(url, {
      maxBytes: limits.maxBytes,
      timeoutMs: limits.fetchTimeoutMs,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    const filename = decodeURIComponent(path.posix.basename(url.pathname));
    return attachmentPart(fetched.bytes, {
      kind: request.kind,
      name: url.href,
      ...(filename === '' ? {} : { filename }),
      ...(fetched.contentType === undefined ? {} : { declaredType: fetched.contentType }),
    });
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(request.source)) {
    throw new MassGenError({
      code: 'MEDIA_INVALID',
      message: `Cannot attach ${request.source}: only files and http(s) URLs can be attached.`,
    });
  }
  const file = path.resolve(options.cwd, request.source);
  const bytes = await readLimited(file, limits.maxBytes);
  return attachmentPart(bytes, { kind: request.kind, name: request.source, filename: path.basename(file) });
}

/**
 * Reads each file and fetches each URL once, before any agent starts, and types each by its
 * bytes: the parts hold the bytes, which every agent's request then shares. Any attachment that
 * cannot be loaded fails the whole question with a message that names it, so nothing is sent
 * without it.
 */
export async function loadAttachments(
  requests: readonly AttachmentRequest[],
  options: LoadAttachmentsOptions,
): Promise<MediaPart[]> {
  const limits = { ...defaultAttachmentLimits, ...options.limits };
  if (requests.length > limits.maxCount) {
    throw new MassGenError({
      code: 'MEDIA_INVALID',
      message: `${requests.length} attachments given; a question may have at most ${limits.maxCount}.`,
    });
  }
  // The first failure ends the question: the other downloads stop with it.
  const stop = new AbortController();
  const signal = options.signal === undefined ? stop.signal : AbortSignal.any([options.signal, stop.signal]);
  try {
    return await Promise.all(requests.map((request) => loadOne(request, { ...options, signal }, limits)));
  } catch (error) {
    stop.abort();
    throw error;
  }
}
