import type { FakeAnthropicMessage } from './fake-anthropic-server-types.js';
import { bytesMatchType, decodeBase64, isRecord } from './fake-media.js';
import type { FakeMedia } from './fake-media.js';

/** What a request's image and document blocks hold, and the first reason the API would refuse them. */
export interface AnthropicMediaReading {
  media: FakeMedia[];
  problem?: string;
}

const imageTypes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

function readImage(source: unknown, at: string): FakeMedia | string {
  if (!isRecord(source)) return `${at}.source: Field required`;
  if (source['type'] === 'url') {
    return typeof source['url'] === 'string'
      ? { kind: 'image', mediaType: 'image/*', url: source['url'] }
      : `${at}.source.url.url: Field required`;
  }
  if (source['type'] !== 'base64') return `${at}.source.type: Input should be 'base64', 'url' or 'file'`;
  const mediaType = source['media_type'];
  if (typeof mediaType !== 'string' || !imageTypes.includes(mediaType))
    return `${at}.source.base64.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'`;
  const bytes = decodeBase64(source['data']);
  if (bytes === undefined) return `${at}.source.base64.data: Invalid base64 data`;
  if (!bytesMatchType(bytes, mediaType))
    return `${at}.source.base64.data: The image was specified using the ${mediaType} media type, but does not appear to be a valid ${mediaType.slice(6)} image`;
  return { kind: 'image', mediaType, bytes };
}

function readDocument(block: Record<string, unknown>, at: string): FakeMedia | string {
  const source = block['source'];
  const title = typeof block['title'] === 'string' ? { filename: block['title'] } : {};
  if (!isRecord(source)) return `${at}.source: Field required`;
  switch (source['type']) {
    case 'url':
      return typeof source['url'] === 'string'
        ? { kind: 'file', mediaType: 'application/pdf', url: source['url'], ...title }
        : `${at}.source.url.url: Field required`;
    case 'text':
      if (source['media_type'] !== 'text/plain') return `${at}.source.text.media_type: Input should be 'text/plain'`;
      if (typeof source['data'] !== 'string') return `${at}.source.text.data: Field required`;
      return { kind: 'file', mediaType: 'text/plain', bytes: Buffer.from(source['data']), ...title };
    case 'base64': {
      if (source['media_type'] !== 'application/pdf')
        return `${at}.source.base64.media_type: Input should be 'application/pdf'`;
      const bytes = decodeBase64(source['data']);
      if (bytes === undefined) return `${at}.source.base64.data: Invalid base64 data`;
      if (!bytesMatchType(bytes, 'application/pdf')) return 'The PDF specified was not valid.';
      return { kind: 'file', mediaType: 'application/pdf', bytes, ...title };
    }
    default:
      return `${at}.source.type: Input should be 'base64', 'text', 'content', 'url' or 'file'`;
  }
}

/**
 * The images and documents in a Messages request, and the first block the API would refuse: an
 * image outside JPEG, PNG, GIF and WebP or whose bytes are not the type it declares, a document
 * that is not a PDF or plain text, media in an assistant turn.
 */
export function readAnthropicMedia(messages: readonly FakeAnthropicMessage[]): AnthropicMediaReading {
  const media: FakeMedia[] = [];
  for (const [index, message] of messages.entries()) {
    if (!Array.isArray(message.content)) continue;
    for (const [position, block] of message.content.entries()) {
      if (!isRecord(block) || (block.type !== 'image' && block.type !== 'document')) continue;
      const at = `messages.${index}.content.${position}.${block.type}`;
      if (message.role !== 'user')
        return { media, problem: `${at}: ${block.type} blocks are only allowed in user messages` };
      const read = block.type === 'image' ? readImage(block['source'], at) : readDocument(block, at);
      if (typeof read === 'string') return { media, problem: read };
      media.push(read);
    }
  }
  return { media };
}
