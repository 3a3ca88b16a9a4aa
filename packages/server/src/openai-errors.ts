import type { ServerResponse } from 'node:http';
import type { SerializedError, StopReason } from '@massgen/core';

/** The `type` values of OpenAI's error bodies that this server uses. */
export type ApiErrorType = 'invalid_request_error' | 'rate_limit_error' | 'server_error';

/** An HTTP error in OpenAI's shape, as a value: handlers return these rather than throw. */
export interface ApiError {
  status: number;
  type: ApiErrorType;
  message: string;
  /** The request field at fault, as a path (`messages[2].content`), when there is one. */
  param: string | null;
  code: string | null;
  headers?: Record<string, string>;
}

export interface OpenAIErrorBody {
  error: { message: string; type: ApiErrorType; param: string | null; code: string | null };
}

export function badRequest(message: string, code: string, param: string | null = null): ApiError {
  return { status: 400, type: 'invalid_request_error', message, param, code };
}

export function errorBody(error: ApiError): OpenAIErrorBody {
  return { error: { message: error.message, type: error.type, param: error.param, code: error.code } };
}

/** Sends an error response, unless the response has already started or the client is gone. */
export function sendApiError(response: ServerResponse, error: ApiError): void {
  if (response.headersSent || response.destroyed) return;
  const body = JSON.stringify(errorBody(error));
  response.writeHead(error.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    ...error.headers,
  });
  response.end(body);
}

/** A failure inside the server that the client can do nothing about; details go to the log only. */
export function internalError(): ApiError {
  return {
    status: 500,
    type: 'server_error',
    message: 'The server failed while handling this request; its log has the details.',
    param: null,
    code: 'internal_error',
  };
}

/**
 * A run that ended without a final answer. The team's own error (a provider refusing the
 * server's key, every agent failing) is the server's problem, not the request's: 502, or 504
 * when the time limit was reached.
 */
export function runFailureError(stopReason: StopReason, error: SerializedError | undefined): ApiError {
  const timedOut = stopReason === 'timeout' || error?.code === 'TIMEOUT';
  const reason = error === undefined ? `the run ended (${stopReason}) without a final answer` : error.message;
  return {
    status: timedOut ? 504 : 502,
    type: 'server_error',
    message: `The MassGen team could not answer: ${reason}`,
    param: null,
    code: error?.code ?? stopReason,
  };
}

/**
 * A run that could not start: the server's configuration or installation is at fault (a missing
 * backend package, invalid backend options). The client learns the code; the server's log gets
 * the full message, which names files and directories on the server.
 */
export function runSetupError(modelId: string, code: string): ApiError {
  return {
    status: 500,
    type: 'server_error',
    message: `Model "${modelId}" cannot run on this server (${code}); the server's log has the details.`,
    param: null,
    code,
  };
}
