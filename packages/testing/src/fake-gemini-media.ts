import type { FakeGeminiContent } from './fake-gemini-server-types.js';
import { bytesMatchType, decodeBase64, isRecord, mediaTypeOfBytes } from './fake-media.js';
import type { FakeMedia } from './fake-media.js';

/** What a request's inline and file data hold, and the first reason the API would refuse them. */
export interface GeminiMediaReading {
  media: FakeMedia[];
  problem?: string;
}

/** The MIME types Gemini's documentation lists for images, documents, audio and video. */
const geminiMimeTypes = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/heic',
  'image/heif',
  'application/pdf',
  'audio/wav',
  'audio/mp3',
  'audio/mpeg',
  'audio/aiff',
  'audio/aac',
  'audio/ogg',
  'audio/flac',
  'video/mp4',
  'video/mpeg',
  'video/mov',
  'video/avi',
  'video/x-flv',
  'video/mpg',
  'video/webm',
  'video/wmv',
  'video/3gpp',
];

function kindOf(mimeType: string): FakeMedia['kind'] {
  if (mimeType.startsWith('image/')) return 'image';
  return mimeType.startsWith('audio/') ? 'audio' : 'file';
}

function isSupported(mimeType: string): boolean {
  return geminiMimeTypes.includes(mimeType) || mimeType.startsWith('text/');
}

function readPart(part: Record<string, unknown>, at: string): FakeMedia | string | undefined {
  const inline = part['inlineData'] ?? part['inline_data'];
  const file = part['fileData'] ?? part['file_data'];
  if (isRecord(inline)) {
    const mimeType = inline['mimeType'] ?? inline['mime_type'];
    if (typeof mimeType !== 'string' || mimeType === '')
      return `* ${at}.inline_data.mime_type: mime_type is not specified`;
    if (!isSupported(mimeType)) return `Unsupported MIME type: ${mimeType}`;
    const bytes = decodeBase64(inline['data']);
    if (bytes === undefined)
      return `Invalid value at '${at}.inline_data.data' (TYPE_BYTES), Base64 decoding failed for "${String(inline['data']).slice(0, 20)}"`;
    if (
      mediaTypeOfBytes(bytes) !== undefined &&
      !bytesMatchType(bytes, mimeType === 'audio/mp3' ? 'audio/mpeg' : mimeType)
    )
      return `Unable to process input image. Please retry or report in https://developers.generativeai.google/guide/troubleshooting`;
    return { kind: kindOf(mimeType), mediaType: mimeType, bytes };
  }
  if (isRecord(file)) {
    const fileUri = file['fileUri'] ?? file['file_uri'];
    const mimeType = file['mimeType'] ?? file['mime_type'];
    if (typeof fileUri !== 'string') return `* ${at}.file_data.file_uri: file_uri is not specified`;
    if (typeof mimeType === 'string' && !isSupported(mimeType)) return `Unsupported MIME type: ${mimeType}`;
    const mediaType = typeof mimeType === 'string' ? mimeType : 'application/octet-stream';
    return { kind: kindOf(mediaType), mediaType, url: fileUri };
  }
  return undefined;
}

/**
 * The media in a generateContent request (`inlineData`, `fileData` parts), and the first part the
 * API would refuse: a MIME type it does not list, data that is not base64, bytes that are not
 * what their MIME type says.
 */
export function readGeminiMedia(contents: readonly FakeGeminiContent[]): GeminiMediaReading {
  const media: FakeMedia[] = [];
  for (const [index, content] of contents.entries()) {
    if (!isRecord(content) || !Array.isArray(content.parts)) continue;
    for (const [position, part] of content.parts.entries()) {
      if (!isRecord(part)) continue;
      const read = readPart(part, `contents[${index}].parts[${position}]`);
      if (read === undefined) continue;
      if (typeof read === 'string') return { media, problem: read };
      media.push(read);
    }
  }
  return { media };
}
