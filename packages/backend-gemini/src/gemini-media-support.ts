import type { MediaSupport } from '@massgen/backend-utils';

/**
 * The image, document, audio and video types Google documents for inline data. Gemini's URIs
 * are Files API references, so a web URL is never passed on: a run fetches it and sends the bytes.
 */
export const geminiMediaSupport: MediaSupport = {
  apiName: 'the Gemini API',
  mediaTypes: [
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
  ],
  urlMediaTypes: [],
};
