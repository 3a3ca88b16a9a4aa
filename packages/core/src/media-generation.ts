/**
 * Media a model made: the bytes and their IANA media type (`image/png`, `audio/mpeg`). The
 * caller decides where they are written.
 */
export interface GeneratedMedia {
  bytes: Uint8Array;
  mediaType: string;
}

/** A picture to make from a description. Settings a provider does not offer are refused by it, not dropped. */
export interface ImageGenerationRequest {
  prompt: string;
  /** `1024x1024`, `1536x1024`, ... or `auto`, as the provider names sizes. */
  size?: string;
  /** `low`, `medium`, `high` or `auto`, as the provider names them. */
  quality?: string;
  /** How many pictures; 1 when absent. */
  count?: number;
}

/** Text to read aloud. */
export interface SpeechRequest {
  text: string;
  /** The provider's voice name (`alloy`, `coral`, ...). */
  voice?: string;
  /** How to speak it (tone, pace), for models that take instructions. */
  instructions?: string;
  /** The file format: `mp3`, `wav`, `opus`, `aac`, `flac` or `pcm`. */
  format?: string;
}
