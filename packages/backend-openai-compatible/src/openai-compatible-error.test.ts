import { MassGenError } from '@massgen/core';
import * as sdk from 'openai';
import { describe, expect, it } from 'vitest';
import { mapOpenAICompatibleError, type ErrorContext } from './openai-compatible-error.js';

const context: ErrorContext = {
  provider: 'chatcompletion',
  providerName: 'groq',
  agentId: 'agent-a',
  errorClasses: sdk,
  phase: 'request',
  aborted: false,
  timeoutMs: 30_000,
  secrets: ['gsk_supersecretkey'],
};

function apiError(
  status: number | undefined,
  body: Record<string, unknown> | undefined,
  headers?: Record<string, string>,
): sdk.APIError {
  return sdk.APIError.generate(
    status,
    body === undefined ? undefined : { error: body },
    undefined,
    headers === undefined ? (status === undefined ? undefined : new Headers()) : new Headers(headers),
  );
}

describe('mapOpenAICompatibleError', () => {
  it('classifies an error event inside a started stream by its body', () => {
    const overloaded = new sdk.APIError(
      undefined,
      { message: 'Overloaded', type: 'overloaded_error' },
      undefined,
      undefined,
    );
    expect(mapOpenAICompatibleError(overloaded, { ...context, phase: 'stream' })).toMatchObject({
      code: 'BACKEND_OVERLOADED',
      retryable: true,
    });
    const other = new sdk.APIError(undefined, { message: 'Something broke' }, undefined, undefined);
    expect(mapOpenAICompatibleError(other, { ...context, phase: 'stream' })).toMatchObject({
      code: 'BACKEND_STREAM',
      retryable: true,
    });
  });

  it('maps 408 to a retryable timeout and 409 to a bad request', () => {
    expect(mapOpenAICompatibleError(apiError(408, { message: 'Request timed out' }), context)).toMatchObject({
      code: 'TIMEOUT',
      retryable: true,
      statusCode: 408,
    });
    expect(mapOpenAICompatibleError(apiError(409, { message: 'Conflict' }), context)).toMatchObject({
      code: 'BACKEND_BAD_REQUEST',
      retryable: false,
    });
  });

  it('recognises a context overflow by message when the server sends no code', () => {
    const error = apiError(400, { message: "This model's maximum context length is 4096 tokens" });
    expect(mapOpenAICompatibleError(error, context).code).toBe('BACKEND_CONTEXT_LENGTH');
  });

  it('recognises an overloaded body on another status', () => {
    expect(
      mapOpenAICompatibleError(apiError(500, { message: 'Overloaded', type: 'overloaded_error' }), context).code,
    ).toBe('BACKEND_OVERLOADED');
  });

  it('keeps the type, code and request id as details', () => {
    const error = apiError(
      429,
      { message: 'Slow down', type: 'requests', code: 'rate_limit_exceeded' },
      { 'x-request-id': 'req_1', 'retry-after': '4' },
    );
    expect(mapOpenAICompatibleError(error, context)).toMatchObject({
      code: 'BACKEND_RATE_LIMIT',
      retryAfterMs: 4000,
      details: { type: 'requests', code: 'rate_limit_exceeded', requestId: 'req_1' },
    });
  });

  it('redacts secrets and shortens long provider messages', () => {
    const mapped = mapOpenAICompatibleError(
      apiError(400, { message: `bad key gsk_supersecretkey ${'x'.repeat(1000)}` }),
      context,
    );
    expect(mapped.message).not.toContain('gsk_supersecretkey');
    expect(mapped.message.length).toBeLessThan(700);
  });

  it('maps aborts, timeouts and connection failures', () => {
    expect(mapOpenAICompatibleError(new sdk.APIUserAbortError(), context).code).toBe('ABORTED');
    expect(mapOpenAICompatibleError(new Error('anything'), { ...context, aborted: true }).code).toBe('ABORTED');
    expect(mapOpenAICompatibleError(new sdk.APIConnectionTimeoutError(), context)).toMatchObject({
      code: 'TIMEOUT',
      retryable: true,
    });
    const refused = new sdk.APIConnectionError({ cause: new Error('connect ECONNREFUSED 127.0.0.1:1') });
    const mapped = mapOpenAICompatibleError(refused, context);
    expect(mapped).toMatchObject({ code: 'BACKEND_NETWORK', retryable: true });
    expect(mapped.message).toContain('ECONNREFUSED');
  });

  it('calls an unknown failure a broken stream once streaming started, an internal error before', () => {
    expect(mapOpenAICompatibleError(new TypeError('terminated'), { ...context, phase: 'stream' })).toMatchObject({
      code: 'BACKEND_STREAM',
      retryable: true,
    });
    expect(mapOpenAICompatibleError(new TypeError('oops'), context)).toMatchObject({
      code: 'INTERNAL',
      retryable: false,
    });
  });

  it('attributes a MassGenError that lacks an agent or provider, keeping its code', () => {
    const mapped = mapOpenAICompatibleError(
      new MassGenError({ code: 'BACKEND_STREAM', message: 'cut', retryable: true }),
      context,
    );
    expect(mapped).toMatchObject({
      code: 'BACKEND_STREAM',
      retryable: true,
      agentId: 'agent-a',
      provider: 'chatcompletion',
    });
  });
});
