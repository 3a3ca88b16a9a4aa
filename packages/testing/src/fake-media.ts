/**
 * An image, document or recording a fake server received, decoded from whatever form its API
 * gives it, so a test can check that the bytes it attached arrived, on every provider alike.
 */
export interface FakeMedia {
  /** What the API's own format calls it: an image, a document or file, a recording. */
  kind: 'image' | 'file' | 'audio';
  /** The media type the request declared (from a data URL, a `media_type`, a `mimeType`, an audio `format`). */
  mediaType: string;
  /** The bytes, when the request carried them. */
  bytes?: Buffer;
  /** The URL, when the request asked the provider to fetch it. */
  url?: string;
  filename?: string;
}

const base64Pattern = /^[A-Za-z0-9+/]*={0,2}$/;

/** Strict base64, as the real APIs decode it: anything else is refused, not guessed at. */
export function decodeBase64(text: unknown): Buffer | undefined {
  if (typeof text !== 'string' || text.length % 4 !== 0 || !base64Pattern.test(text)) return undefined;
  return Buffer.from(text, 'base64');
}

/** A `data:<type>;base64,<data>` URL's type and bytes; undefined for anything else. */
export function parseBase64DataUrl(url: unknown): { mediaType: string; bytes: Buffer } | undefined {
  if (typeof url !== 'string') return undefined;
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  if (match === null) return undefined;
  const bytes = decodeBase64(match[2]);
  return bytes === undefined ? undefined : { mediaType: (match[1] ?? '').toLowerCase(), bytes };
}

function startsWith(bytes: Buffer, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

/**
 * The media type the bytes themselves show, for the formats the fake servers check the way
 * the providers do (a PNG declared as JPEG, a PDF that is not one); undefined for the rest.
 */
export function mediaTypeOfBytes(bytes: Buffer): string | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  const riff = bytes.subarray(0, 4).toString('latin1') === 'RIFF';
  if (riff && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (riff && bytes.subarray(8, 12).toString('latin1') === 'WAVE') return 'audio/wav';
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (bytes.subarray(0, 3).toString('latin1') === 'ID3' || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0))
    return 'audio/mpeg';
  return undefined;
}

/** Whether the bytes are what their declared type says, for the types `mediaTypeOfBytes` knows. */
export function bytesMatchType(bytes: Buffer, mediaType: string): boolean {
  const actual = mediaTypeOfBytes(bytes);
  const declared = mediaType === 'audio/x-wav' || mediaType === 'audio/wave' ? 'audio/wav' : mediaType;
  return actual === declared;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
