import type { FakeReplyTiming, FakeServerErrorReply, FakeServerHangReply } from './fake-server-types.js';

/** A stream of `Content` cut off after its first chunks, for the providers that count their stream in chunks. */
export interface DropReply<Content> extends FakeReplyTiming {
  type: 'drop';
  /** Stream chunks written before the connection is destroyed; 0 drops before any body. */
  afterChunks: number;
  /** The reply the stream was carrying; defaults to a short text. */
  reply?: Content;
  /** End the response normally after those chunks, without the provider's end of stream, instead of cutting the connection. */
  graceful?: boolean;
}

export interface StallReply<Content> extends FakeReplyTiming {
  /** After `afterChunks` chunks the stream goes silent, holding the connection until the client leaves. */
  type: 'stall';
  afterChunks: number;
  /** The reply the stream was carrying; defaults to a short text. */
  reply?: Content;
}

/** After `afterChunks` chunks, the provider's in-band `error` ends the stream, as it reports a failure once the 200 status is sent. */
export interface StreamErrorReply<Content, Failure> extends FakeReplyTiming {
  type: 'stream-error';
  afterChunks: number;
  error: Failure;
  /** The reply the stream was carrying; defaults to a short text. */
  reply?: Content;
}

/** Every fault a test scripts for such a provider: an error status, a dropped, failed or stalled stream, a hang. */
export type FaultReply<Content, Failure extends StreamErrorReply<Content, unknown>> =
  FakeServerErrorReply | DropReply<Content> | Failure | StallReply<Content> | FakeServerHangReply;
