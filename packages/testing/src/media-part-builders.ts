import type { MediaPart } from '@massgen/core';

/** A media part carrying its bytes, named `filename` when given. */
export function bytesPart(type: MediaPart['type'], mediaType: string, bytes: Uint8Array, filename?: string): MediaPart {
  return { type, mediaType, data: { type: 'bytes', bytes }, ...(filename === undefined ? {} : { filename }) };
}

/** A media part the provider is to fetch from `url`. */
export function urlPart(type: MediaPart['type'], mediaType: string, url: string): MediaPart {
  return { type, mediaType, data: { type: 'url', url } };
}
