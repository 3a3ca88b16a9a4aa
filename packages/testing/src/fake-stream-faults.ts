import type { ServerResponse } from 'node:http';
import { destroyConnection, sendJson, untilClosed, waitWhileConnected } from './fake-server-http.js';
import { SseWriter } from './sse-writer.js';

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

const connectionFaultTypes: ReadonlySet<string> = new Set(['hang', 'error', 'drop', 'stall']);

function isConnectionFault<Unfinished extends PartialStream>(
  reply: ConnectionFault<Unfinished> | { type: string },
): reply is ConnectionFault<Unfinished> {
  return connectionFaultTypes.has(reply.type);
}

/** What a dropped, failed or stalled stream was carrying when its reply does not say. */
export const cutOffText = { type: 'text', text: 'This answer is cut off before it ends.' } as const;

/** Opens the stream a partial reply was carrying and writes its first events; `undefined` once the client has gone. */
export type PartialStreamStart<Request, Partial, Settings> = (
  response: ServerResponse,
  request: Request,
  partial: Partial,
  settings: Settings,
) => Promise<SseWriter | undefined>;

/**
 * The start of a stream counted in chunks: it opens the event stream of a partial reply and
 * writes, one JSON event each, the first `afterChunks` of the chunks `chunksOf` makes of what the
 * reply was carrying.
 */
export function chunkedStreamStart<Request, Settings, Partial extends { afterChunks: number; reply?: unknown }>(
  chunksOf: (
    request: Request,
    content: NonNullable<Partial['reply']> | typeof cutOffText,
    settings: Settings,
  ) => readonly unknown[],
  lineEnding?: '\n' | '\r\n',
): PartialStreamStart<Request, Partial, Settings> {
  return (response, request, partial, settings) => {
    const chunks = chunksOf(request, partial.reply ?? cutOffText, settings).slice(0, partial.afterChunks);
    return SseWriter.start(response, (writer) => writer.sendJsonEach(chunks), lineEnding);
  };
}

/** Writes one scripted reply to the response a fake server owes a request. */
export type ReplySender<Request, Reply, Settings> = (
  response: ServerResponse,
  request: Request,
  reply: Reply,
  settings: Settings,
) => Promise<void>;

/** The replies a stream can start for: a dropped or stalled one, and any other the provider cuts short. */
type StartedReply = { type: string };

/** A connection fault or a reply only the provider knows how to send; either may set its own latency. */
export type ScriptedReply<Started extends StartedReply, Content> = (
  ConnectionFault<Extract<Started, PartialStream>> | Content
) & {
  latencyMs?: number | undefined;
};

/** What a provider's fake makes its own of a scripted reply; latency and connection faults are alike for all. */
export interface ReplyWire<
  Request extends { stream: boolean },
  Settings extends { latencyMs: number },
  Started extends StartedReply,
  Content,
> {
  /** The provider's error body for a status, sent when an error reply sets none. */
  errorBody: (status: number) => unknown;
  /** Headers for an error reply that sets none. */
  errorHeaders?: Record<string, string>;
  start: PartialStreamStart<Request, Started, Settings>;
  /** Sends a reply that is not a connection fault: an answer, or a stream that fails in-band. */
  sendContent: ReplySender<Request, Content, Settings>;
}

/**
 * The reply sender of a provider's fake: it waits out the reply's latency unless the client leaves,
 * sends a connection fault alike for every provider, and hands any other reply to the wire.
 */
export function scriptedReplySender<
  Request extends { stream: boolean },
  Settings extends { latencyMs: number },
  Started extends StartedReply,
  Content extends { type: string },
>(
  wire: ReplyWire<Request, Settings, Started, Content>,
): ReplySender<Request, ScriptedReply<Started, Content>, Settings> {
  return async (response, request, reply, settings) => {
    if (!(await waitWhileConnected(response, reply.latencyMs ?? settings.latencyMs))) return;
    const scripted: ConnectionFault<Extract<Started, PartialStream>> | { type: string } = reply;
    if (isConnectionFault<Extract<Started, PartialStream>>(scripted)) {
      return sendConnectionFault(response, scripted, {
        streaming: request.stream,
        errorBody: wire.errorBody,
        errorHeaders: wire.errorHeaders,
        start: (partial) => wire.start(response, request, partial, settings),
      });
    }
    // TypeScript cannot narrow a union of two type parameters; the fault types were sent above.
    return wire.sendContent(response, request, reply as Content, settings);
  };
}
