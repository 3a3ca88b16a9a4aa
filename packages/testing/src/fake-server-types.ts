import type { FakeMedia } from './fake-media.js';

/** What every fake provider server records of a model request, whatever protocol it speaks. */
export interface FakeModelRequest {
  /** 0-based position of this request among every model request the server received. */
  index: number;
  /** Query parameters of the URL. */
  query: Record<string, string>;
  /** The parsed JSON body, exactly as sent. */
  body: Record<string, unknown>;
  /** Request headers, names in lower case. */
  headers: Record<string, string>;
  model: string;
  /** Whether the reply goes out as server-sent events. */
  stream: boolean;
  /** Every medium the request carried, decoded, in order. */
  media: FakeMedia[];
}

export interface FakeReplyTiming {
  /** Delay before the first byte of the response, overriding the server's `latencyMs`. */
  latencyMs?: number;
}

/** An error status instead of an answer. */
export interface FakeServerErrorReply extends FakeReplyTiming {
  type: 'error';
  status: number;
  /** A JSON value is sent as JSON; a string is sent as is (a proxy's HTML page, say). Defaults to the provider's error body for the status. */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface FakeServerHangReply extends FakeReplyTiming {
  /** Never answers; the request ends only when the client gives up or the server closes. */
  type: 'hang';
}
