import type {
  BackendCallOptions,
  BackendRequest,
  BackendSettings,
  MassGenError,
  StreamPart,
  Warning,
} from '@massgen/core';
import { prepareMediaMessages, type MediaSupport } from './media-support.js';

/**
 * How far a call got before it failed: the error mapping tells a refused request from a broken
 * stream by the phase, and reads the key and the SDK's error classes from the connection.
 */
export interface CallProgress<Connection> {
  phase: 'request' | 'stream';
  /** Set once the connection is made. */
  connection: Connection | undefined;
  signal: AbortSignal | undefined;
}

/** A call with its request built and its connection made, ready to send. */
export interface PreparedCall<Connection, Body> {
  body: Body;
  connection: Connection;
  signal: AbortSignal | undefined;
  /** Marks the response as begun: a failure from then on is a broken stream, not a refused request. */
  streaming: () => void;
}

export interface StreamCallPlan<Connection, Body> {
  mediaSupport: MediaSupport;
  /** Makes the connection (the key, the SDK, the client); called on every call, so it should be lazy. */
  connect: () => Promise<Connection>;
  /** The provider's request for a backend request whose media are prepared, and what it could not carry. */
  build: (request: BackendRequest) => { body: Body; warnings: readonly Warning[] };
  /** Which warnings to pass on (a backend may say each only once); all of them by default. */
  keepWarning?: (warning: Warning) => boolean;
  /** Sends the request and maps the response to stream parts. */
  respond: (call: PreparedCall<Connection, Body>) => AsyncIterable<StreamPart>;
  /** The error a failed call ends with. */
  failure: (error: unknown, progress: CallProgress<Connection>) => MassGenError;
}

/**
 * The `stream` of a backend that calls its provider through an SDK: the request's media prepared,
 * the connection made, the request built and its warnings passed on, nothing sent once the caller
 * has cancelled, the response streamed, and a failure at any point ended with the one error part
 * the backend contract asks for.
 */
export function streamCall<Connection, Body>(
  settings: BackendSettings,
  modelId: string,
  plan: StreamCallPlan<Connection, Body>,
): (request: BackendRequest, callOptions?: BackendCallOptions) => AsyncGenerator<StreamPart> {
  const caller = { agentId: settings.agentId, provider: settings.type, modelId };
  return async function* stream(request, callOptions = {}) {
    const { signal } = callOptions;
    const progress: CallProgress<Connection> = { phase: 'request', connection: undefined, signal };
    try {
      const messages = await prepareMediaMessages(request.messages, plan.mediaSupport, caller);
      const connection = await plan.connect();
      progress.connection = connection;
      const { body, warnings } = plan.build({ ...request, messages });
      for (const warning of warnings.filter(plan.keepWarning ?? (() => true)))
        yield { type: 'warning', warning: { ...warning, agentId: settings.agentId } };
      if (signal?.aborted) throw signal.reason;
      const streaming = (): void => {
        progress.phase = 'stream';
      };
      yield* plan.respond({ body, connection, signal, streaming });
    } catch (error) {
      yield { type: 'error', error: plan.failure(error, progress).toJSON() };
    }
  };
}
