import type { ErrorContext } from '@massgen/backend-openai-compatible';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { mapOpenAIResponsesError } from './openai-responses-error.js';
import { OpenAIResponseFailure } from './openai-responses-failure.js';

const context: ErrorContext = {
  provider: 'openai',
  providerName: 'OpenAI',
  agentId: 'agent-a',
  errorClasses: OpenAI,
  phase: 'stream',
  aborted: false,
  timeoutMs: 600_000,
  secrets: ['sk-proj-secret-value'],
};

describe('mapOpenAIResponsesError', () => {
  it.each([
    ['rate_limit_exceeded', 'BACKEND_RATE_LIMIT', true],
    ['insufficient_quota', 'BACKEND_QUOTA', false],
    ['context_length_exceeded', 'BACKEND_CONTEXT_LENGTH', false],
    ['server_error', 'BACKEND_SERVER', true],
    ['vector_store_timeout', 'TIMEOUT', true],
    ['invalid_image_url', 'BACKEND_BAD_REQUEST', false],
    ['bio_policy', 'BACKEND_BAD_REQUEST', false],
    [null, 'BACKEND_STREAM', true],
  ] as const)('classifies an in-band %s as %s', (code, expected, retryable) => {
    const error = mapOpenAIResponsesError(new OpenAIResponseFailure(code, 'It failed.'), context);
    expect(error).toMatchObject({ code: expected, retryable, agentId: 'agent-a', provider: 'openai' });
  });

  it('reads the delay a rate-limit message asks for, in seconds or milliseconds', () => {
    expect(
      mapOpenAIResponsesError(new OpenAIResponseFailure('rate_limit_exceeded', 'Please try again in 2.25s.'), context)
        .retryAfterMs,
    ).toBe(2250);
    expect(
      mapOpenAIResponsesError(new OpenAIResponseFailure('rate_limit_exceeded', 'Please try again in 300ms.'), context)
        .retryAfterMs,
    ).toBe(300);
    expect(
      mapOpenAIResponsesError(new OpenAIResponseFailure('rate_limit_exceeded', 'Slow down.'), context).retryAfterMs,
    ).toBeUndefined();
  });

  it('classifies an error event the SDK threw as an APIError without a status the same way', () => {
    const thrown = new OpenAI.APIError(
      undefined,
      { code: 'insufficient_quota', message: 'You exceeded your current quota.' },
      undefined,
      new Headers(),
    );
    const error = mapOpenAIResponsesError(thrown, context);
    expect(error).toMatchObject({ code: 'BACKEND_QUOTA', retryable: false });
    expect(error.message).toContain('You exceeded your current quota.');
  });

  it('leaves HTTP, connection and abort errors to the Chat Completions classification', () => {
    expect(mapOpenAIResponsesError(new OpenAI.APIConnectionError({ message: 'refused' }), context).code).toBe(
      'BACKEND_NETWORK',
    );
    expect(mapOpenAIResponsesError(new OpenAI.APIConnectionTimeoutError(), context).code).toBe('TIMEOUT');
    expect(
      mapOpenAIResponsesError(new OpenAIResponseFailure('server_error', 'x'), { ...context, aborted: true }).code,
    ).toBe('ABORTED');
    const http = OpenAI.APIError.generate(
      429,
      { error: { message: 'Slow down', code: 'rate_limit_exceeded' } },
      undefined,
      new Headers({ 'retry-after': '4' }),
    );
    expect(mapOpenAIResponsesError(http, context)).toMatchObject({
      code: 'BACKEND_RATE_LIMIT',
      statusCode: 429,
      retryAfterMs: 4000,
    });
  });

  it('redacts the key when OpenAI echoes it', () => {
    const error = mapOpenAIResponsesError(
      new OpenAIResponseFailure('invalid_prompt', 'Key sk-proj-secret-value is odd.'),
      context,
    );
    expect(error.message).not.toContain('sk-proj-secret-value');
    expect(error.message).toContain('[redacted]');
  });
});
