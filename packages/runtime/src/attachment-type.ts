import { MassGenError } from '@massgen/core';
import type { MediaPart } from '@massgen/core';
import { fileTypeFromBuffer } from 'file-type';
import mimeTypes from 'mime-types';

/** How the user asked for the attachment: `image` insists on a picture, `file` takes any kind. */
export type AttachmentKind = 'image' | 'file';

const textByDefault = 'text/plain';

function isUtf8Text(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function isTextType(mediaType: string): boolean {
  return (
    mediaType.startsWith('text/') ||
    mediaType.endsWith('+json') ||
    mediaType.endsWith('+xml') ||
    ['application/json', 'application/xml', 'application/yaml', 'application/toml', 'application/javascript'].includes(
      mediaType,
    )
  );
}

/**
 * The media type of an attachment: what its bytes show (a PNG is a PNG whatever its name says),
 * else what its name says for text files, else plain text for UTF-8 without a known name. A
 * declared type (an HTTP `content-type`, a data URL's) is used only when neither tells.
 */
export async function detectMediaType(bytes: Uint8Array, name: string, declared?: string): Promise<string | undefined> {
  const sniffed = await fileTypeFromBuffer(bytes);
  if (sniffed !== undefined) return sniffed.mime;
  const byName = mimeTypes.lookup(name) || undefined;
  if (isUtf8Text(bytes)) {
    if (byName !== undefined && isTextType(byName)) return byName;
    if (declared !== undefined && isTextType(declared)) return declared;
    return textByDefault;
  }
  return byName ?? declared;
}

/**
 * The part for attachment bytes, typed by what they are. `--image` with a file that is no
 * picture is a clear error rather than a surprise at the provider.
 */
export async function attachmentPart(
  bytes: Uint8Array,
  options: { kind: AttachmentKind; name: string; filename?: string; declaredType?: string },
): Promise<MediaPart> {
  const mediaType = await detectMediaType(bytes, options.name, options.declaredType);
  if (mediaType === undefined) {
    throw new MassGenError({
      code: 'MEDIA_UNSUPPORTED',
      message: `Cannot tell what kind of file ${options.name} is: it is not text and its contents and name match no known type.`,
    });
  }
  const filename = options.filename === undefined ? {} : { filename: options.filename };
  if (options.kind === 'image' && !mediaType.startsWith('image/')) {
    throw new MassGenError({
      code: 'MEDIA_UNSUPPORTED',
      message: `${options.name} is not an image (it is ${mediaType}); attach it as a file instead.`,
    });
  }
  const data = { type: 'bytes' as const, bytes };
  if (mediaType.startsWith('image/')) return { type: 'image', mediaType, data, ...filename };
  if (mediaType.startsWith('audio/')) return { type: 'audio', mediaType, data, ...filename };
  return { type: 'file', mediaType, data, ...filename };
}
