import path from 'node:path';
import { toMassGenError } from '@massgen/core';
import type { MediaPart, UserContentPart } from '@massgen/core';
import { attachmentPart } from '@massgen/runtime';
import type { AttachmentKind } from '@massgen/runtime';
import mimeTypes from 'mime-types';
import { badRequest } from './openai-errors.js';
import type { ApiError } from './openai-errors.js';
import type { ChatContentPart } from './request-schema.js';

/** Bounds on the media one request may carry. */
export interface ContentPartLimits {
  maxAttachments: number;
  maxAttachmentBytes: number;
}

export type ContentPartsResult = { ok: true; parts: UserContentPart[] } | { ok: false; error: ApiError };

/** Counts the media parts of a whole request against `maxAttachments`. */
export interface AttachmentTally {
  count: number;
}

const base64Pattern = /^[A-Za-z0-9+/]*={0,2}$/;

function tooLarge(param: string, limits: ContentPartLimits): ApiError {
  return {
    status: 413,
    type: 'invalid_request_error',
    message: `The attachment at '${param}' is larger than this server's limit of ${limits.maxAttachmentBytes} bytes.`,
    param,
    code: 'attachment_too_large',
  };
}

/** The bytes of base64 text, or an error naming the field; the size is checked before decoding. */
function decodeBase64(text: string, param: string, limits: ContentPartLimits): Uint8Array | ApiError {
  if (Math.floor((text.length * 3) / 4) > limits.maxAttachmentBytes + 2) return tooLarge(param, limits);
  if (text.length % 4 !== 0 || !base64Pattern.test(text))
    return badRequest(`Invalid '${param}': expected base64-encoded data.`, 'invalid_value', param);
  const bytes = Buffer.from(text, 'base64');
  return bytes.byteLength > limits.maxAttachmentBytes ? tooLarge(param, limits) : bytes;
}

function isError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && 'status' in value && 'code' in value;
}

/** `data:<type>;base64,<data>` → its declared type and bytes. */
function readDataUrl(url: string, param: string, limits: ContentPartLimits) {
  const match = /^data:([^;,]*)(?:;[^;,=]+=[^;,]*)*;base64,(.*)$/s.exec(url);
  if (match === null)
    return badRequest(
      `Invalid '${param}': expected an http(s) URL or a base64 data URL (data:image/png;base64,...).`,
      'invalid_value',
      param,
    );
  const bytes = decodeBase64(match[2] ?? '', param, limits);
  return isError(bytes) ? bytes : { declaredType: match[1] === '' ? undefined : match[1], bytes };
}

async function typedPart(
  bytes: Uint8Array,
  param: string,
  options: { kind: AttachmentKind; filename?: string; declaredType?: string },
): Promise<MediaPart | ApiError> {
  try {
    return await attachmentPart(bytes, {
      kind: options.kind,
      name: options.filename ?? `the data at '${param}'`,
      ...(options.filename === undefined ? {} : { filename: options.filename }),
      ...(options.declaredType === undefined ? {} : { declaredType: options.declaredType }),
    });
  } catch (error) {
    return badRequest(toMassGenError(error).message, 'unsupported_content', param);
  }
}

/**
 * An image by URL is passed on for the provider to fetch (this server fetches nothing a request
 * names), so its type must show in its name.
 */
function remoteImage(url: string, param: string): MediaPart | ApiError {
  const mediaType = mimeTypes.lookup(path.posix.basename(new URL(url).pathname)) || undefined;
  if (mediaType === undefined || !mediaType.startsWith('image/'))
    return badRequest(
      `Cannot tell the image type of the URL at '${param}' from its name; send the image as a base64 data URL instead.`,
      'invalid_value',
      param,
    );
  return { type: 'image', mediaType, data: { type: 'url', url } };
}

async function readMediaPart(
  part: ChatContentPart,
  param: string,
  limits: ContentPartLimits,
): Promise<MediaPart | ApiError> {
  switch (part.type) {
    case 'image_url': {
      const url = part.image_url?.url;
      if (url === undefined)
        return badRequest(
          `Missing required parameter: '${param}.image_url.url'.`,
          'missing_required_parameter',
          `${param}.image_url.url`,
        );
      if (/^https?:\/\//i.test(url)) return remoteImage(url, `${param}.image_url.url`);
      const data = readDataUrl(url, `${param}.image_url.url`, limits);
      if (isError(data)) return data;
      return typedPart(data.bytes, `${param}.image_url.url`, {
        kind: 'image',
        ...(data.declaredType === undefined ? {} : { declaredType: data.declaredType }),
      });
    }
    case 'input_audio': {
      const audio = part.input_audio;
      if (audio === undefined)
        return badRequest(
          `Missing required parameter: '${param}.input_audio'.`,
          'missing_required_parameter',
          `${param}.input_audio`,
        );
      const bytes = decodeBase64(audio.data, `${param}.input_audio.data`, limits);
      if (isError(bytes)) return bytes;
      const typed = await typedPart(bytes, `${param}.input_audio.data`, {
        kind: 'file',
        declaredType: audio.format === 'wav' ? 'audio/wav' : 'audio/mpeg',
      });
      if (isError(typed) || typed.type === 'audio') return typed;
      return badRequest(
        `The data at '${param}.input_audio.data' is not a ${audio.format} recording.`,
        'invalid_value',
        `${param}.input_audio.data`,
      );
    }
    case 'file': {
      const file = part.file;
      if (file?.file_data === undefined)
        return badRequest(
          `Missing required parameter: '${param}.file.file_data'. This server keeps no uploaded files, so file_id cannot be used.`,
          'missing_required_parameter',
          `${param}.file.file_data`,
        );
      const data = readDataUrl(file.file_data, `${param}.file.file_data`, limits);
      if (isError(data)) return data;
      return typedPart(data.bytes, `${param}.file.file_data`, {
        kind: 'file',
        ...(file.filename === undefined ? {} : { filename: file.filename }),
        ...(data.declaredType === undefined ? {} : { declaredType: data.declaredType }),
      });
    }
    default:
      return badRequest(
        `Content parts of type "${part.type}" are not supported. Send "text", "image_url", "input_audio" or "file" parts.`,
        'unsupported_content',
        `${param}.type`,
      );
  }
}

/**
 * A user message's Chat Completions content parts as MassGen parts: images (data URLs, decoded
 * and typed by their bytes; http(s) URLs passed on), `input_audio` recordings and `file` data.
 * Each is checked against the size limit before it is decoded, and the request's media against
 * the count limit.
 */
export async function readUserContentParts(
  parts: readonly ChatContentPart[],
  messageIndex: number,
  tally: AttachmentTally,
  limits: ContentPartLimits,
): Promise<ContentPartsResult> {
  const read: UserContentPart[] = [];
  for (const [partIndex, part] of parts.entries()) {
    const param = `messages[${messageIndex}].content[${partIndex}]`;
    if (part.type === 'text') {
      if (part.text === undefined)
        return {
          ok: false,
          error: badRequest(
            `Missing required parameter: '${param}.text'.`,
            'missing_required_parameter',
            `${param}.text`,
          ),
        };
      read.push({ type: 'text', text: part.text });
      continue;
    }
    tally.count += 1;
    if (tally.count > limits.maxAttachments) {
      return {
        ok: false,
        error: badRequest(
          `Too many attachments: this server takes at most ${limits.maxAttachments} images, recordings and files per request.`,
          'too_many_attachments',
          param,
        ),
      };
    }
    const media = await readMediaPart(part, param, limits);
    if (isError(media)) return { ok: false, error: media };
    read.push(media);
  }
  return { ok: true, parts: read };
}
