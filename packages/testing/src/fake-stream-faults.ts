import type { ServerResponse } from 'node:http';
import { destroyConnection, untilClosed } from './fake-server-http.js';
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
