import { MassGenError } from '@massgen/core';
import type { MediaPart, Message, UserContentPart } from '@massgen/core';

/** A user message's content as parts: text alone is one text part (none when empty). */
export function userContentParts(content: string | readonly UserContentPart[]): readonly UserContentPart[] {
  if (typeof content !== 'string') return content;
  return content === '' ? [] : [{ type: 'text', text: content }];
}

/** The text of a user message's content, without its media. */
export function userContentText(content: string | readonly UserContentPart[]): string {
  if (typeof content === 'string') return content;
  return content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n\n');
}

/** Every media part of a conversation, in order. */
export function mediaPartsOf(messages: readonly Message[]): MediaPart[] {
  return messages.flatMap((message) =>
    message.role === 'user' && typeof message.content !== 'string'
      ? message.content.filter((part): part is MediaPart => part.type !== 'text')
      : [],
  );
}

const textApplicationTypes = new Set([
  'application/json',
  'application/xml',
  'application/yaml',
  'application/x-yaml',
  'application/toml',
  'application/javascript',
  'application/typescript',
  'application/x-sh',
  'application/sql',
  'application/csv',
]);

/**
 * Whether a media type is text that any model reads once it is written into the message:
 * `text/*`, JSON, XML, YAML and source code. Backends never refuse those.
 */
export function isTextMediaType(mediaType: string): boolean {
  const type = mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
  return type.startsWith('text/') || textApplicationTypes.has(type) || type.endsWith('+json') || type.endsWith('+xml');
}

/** Whether a media type matches a pattern such as `image/png` or `image/*`. */
export function mediaTypeMatches(mediaType: string, pattern: string): boolean {
  const type = mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
  const wanted = pattern.toLowerCase();
  return wanted.endsWith('/*') ? type.startsWith(wanted.slice(0, -1)) : type === wanted;
}

/** A part's name for messages: its file name, or what it is. */
export function describeMediaPart(part: MediaPart): string {
  const name =
    part.filename ??
    (part.data.type === 'url' ? part.data.url : part.data.type === 'path' ? part.data.path : undefined);
  return name === undefined ? `an attached ${part.type} (${part.mediaType})` : `"${name}" (${part.mediaType})`;
}

const base64Cache = new WeakMap<Uint8Array, string>();

/**
 * The bytes in base64. A run hands every agent the same bytes, so the text is made once and
 * shared by every request that sends them, instead of once per agent and turn.
 */
export function base64Of(bytes: Uint8Array): string {
  const cached = base64Cache.get(bytes);
  if (cached !== undefined) return cached;
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  base64Cache.set(bytes, text);
  return text;
}

/** Where a part's data is for a request: its bytes in base64, or the URL the provider fetches. */
export type MediaSource = { type: 'base64'; base64: string } | { type: 'url'; url: string };

/** The part's data as a request carries it; files must have been read (see `readMediaFiles`). */
export function mediaSourceOf(part: MediaPart): MediaSource {
  switch (part.data.type) {
    case 'bytes':
      return { type: 'base64', base64: base64Of(part.data.bytes) };
    case 'url':
      return { type: 'url', url: part.data.url };
    case 'path':
      throw new MassGenError({
        code: 'INTERNAL',
        message: `The file ${part.data.path} was not read before the request was built.`,
      });
  }
}

/** The part as a `data:` URL, or the URL it was given by. */
export function mediaUrlOf(part: MediaPart): string {
  const source = mediaSourceOf(part);
  return source.type === 'url' ? source.url : `data:${part.mediaType};base64,${source.base64}`;
}

/** A text file's text; bytes that are not UTF-8 are a clear error. */
export function textOfFile(part: MediaPart): string {
  if (part.data.type !== 'bytes') {
    throw new MassGenError({
      code: 'MEDIA_UNSUPPORTED',
      message: `The text file ${describeMediaPart(part)} must be given as bytes or a path to be put into the message.`,
    });
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(part.data.bytes);
  } catch {
    throw new MassGenError({
      code: 'MEDIA_INVALID',
      message: `The file ${describeMediaPart(part)} is not UTF-8 text.`,
    });
  }
}

/** A text file as text for the message, in a block that names it, for providers without a document type. */
export function textFileBlock(part: MediaPart): string {
  const name = part.filename === undefined ? '' : ` name="${part.filename.replace(/"/g, "'")}"`;
  return `<file${name} media_type="${part.mediaType}">\n${textOfFile(part)}\n</file>`;
}
