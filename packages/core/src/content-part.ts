/**
 * Where a media part's bytes are: a file on this machine, a URL, or the bytes themselves.
 * A run reads each file and fetches each URL once, before any agent starts, and hands every
 * agent the same bytes (see `@massgen/runtime`'s attachments).
 */
export type MediaData =
  { type: 'path'; path: string } | { type: 'url'; url: string } | { type: 'bytes'; bytes: Uint8Array };

export interface TextPart {
  type: 'text';
  text: string;
}

interface MediaPartFields {
  data: MediaData;
  /**
   * The IANA media type (`image/png`, `application/pdf`, `audio/wav`). A run's attachment loader
   * finds it from the bytes and the file name; backends map the part by it.
   */
  mediaType: string;
  /** A name for the model and for messages: the file's name when it came from one. */
  filename?: string;
}

/** A picture: PNG, JPEG, GIF, WebP and what else a provider takes. */
export interface ImagePart extends MediaPartFields {
  type: 'image';
}

/** A document or any other file: a PDF, a text or office file, a video for providers that take one. */
export interface FilePart extends MediaPartFields {
  type: 'file';
}

/** A recording: WAV, MP3 and what else a provider takes. */
export interface AudioPart extends MediaPartFields {
  type: 'audio';
}

export type MediaPart = ImagePart | FilePart | AudioPart;

/** What a user message may hold: text and media, in order. */
export type UserContentPart = TextPart | MediaPart;
