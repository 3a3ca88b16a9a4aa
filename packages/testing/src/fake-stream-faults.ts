import type { ServerResponse } from 'node:http';
import { destroyConnection, sendJson, untilClosed } from './fake-server-http.js';
import type { SseWriter } from './sse-writer.js';

/** Opens a reply's event stream and writes its first events; `undefined` once the client has gone. */
export type StreamStart = () => Promise<SseWriter | undefined>;

/**
 * Cuts the connection mid-response, as a crashed upstream or a proxy timeout does: a stream after
 * its first events (a `graceful` drop ends it there cleanly instead), a unary response before any
 * byte, since a partial JSON body is useless.
 */
export async function dropResponse(
  response: ServerResponse,
  streaming: boolean,
  start: StreamStart,
  graceful: boolean | undefined,
): Promise<void> {
  if (streaming) {
    const writer = await start();
    if (writer === undefined) return;
    if (graceful === true) return writer.end();
  }
  destroyConnection(response);
}

/** Streams the first events, then says nothing more; a unary response simply hangs. */
export async function stallResponse(response: ServerResponse, streaming: boolean, start: StreamStart): Promise<void> {
  if (streaming) await start();
  return untilClosed(response);
}

/** Streams the first events, then the in-band error `sendError` writes, and ends the stream. */
export async function failStream(
  start: StreamStart,
  sendError: (writer: SseWriter) => Promise<boolean>,
): Promise<void> {
  const writer = await start();
  if (writer !== undefined && (await sendError(writer))) await writer.end();
}

/** A reply that stops short of a whole answer: a dropped or a stalled stream. */
type PartialStream = { type: 'drop'; graceful?: boolean | undefined } | { type: 'stall' };

/** The replies every fake server scripts alike: a hang, an HTTP error, a dropped or stalled stream. */
export type ConnectionFault<Unfinished extends PartialStream> =
  | { type: 'hang' }
  | { type: 'error'; status: number; body?: unknown; headers?: Record<string, string> | undefined }
  | Unfinished;

/** What a provider's fake makes its own of a connection fault. */
export interface FaultWire<Unfinished extends PartialStream> {
  streaming: boolean;
  /** The provider's error body for a status, sent when the reply sets none. */
  errorBody: (status: number) => unknown;
  /** Headers for an error reply that sets none. */
  errorHeaders?: Record<string, string>;
  /** Opens the stream a partial reply was carrying and writes its first events. */
  start: (partial: Unfinished) => Promise<SseWriter | undefined>;
}

/** Sends a connection fault: only the error body and the start of a partial stream differ between providers. */
export async function sendConnectionFault<Unfinished extends PartialStream>(
  response: ServerResponse,
  reply: ConnectionFault<Unfinished>,
  wire: FaultWire<Unfinished>,
): Promise<void> {
  if (reply.type === 'hang') return untilClosed(response);
  if (reply.type === 'error') {
    return sendJson(
      response,
      reply.status,
      reply.body ?? wire.errorBody(reply.status),
      reply.headers ?? wire.errorHeaders,
    );
  }
  if (reply.type === 'drop') return dropResponse(response, wire.streaming, () => wire.start(reply), reply.graceful);
  return stallResponse(response, wire.streaming, () => wire.start(reply));
}
