import { MassGenError } from '@massgen/core';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { mapClaudeError, type ClaudeErrorContext } from './claude-error.js';

const context: ClaudeErrorContext = {
  provider: 'claude',
  providerName: 'Anthropic',
  agentId: 'agent-a',
  errorClasses: { APIError, APIUserAbortError, APIConnectionError, APIConnectionTimeoutError },
  phase: 'request',
  aborted: false,
  timeoutMs: 30_000,
  secrets: ['sk-ant-secret-value'],
};

function apiError(
  status: number | undefined,
  type: string,
  message: string,
  headers: Record<string, string> = {},
  details?: Record<string, unknown>,
): APIError {
  return new APIError(
    status,
    { type: 'error', error: { type, message, ...(details === undefined ? {} : { details }) } },
    undefined,
    new Headers(headers),
  );
}

describe('mapClaudeError', () => {
  it('classifies by the error type Anthropic sends as well as by status', () => {
    expect(
      mapClaudeError(apiError(undefined, 'rate_limit_error', 'Slow down', { 'retry-after': '3' }), context),
    ).toMatchObject({ code: 'BACKEND_RATE_LIMIT', retryable: true, retryAfterMs: 3000 });
    expect(
      mapClaudeError(
        apiError(
          400,
          'invalid_request_error',
          'input length and `max_tokens` exceed context limit: 190000 + 20000 > 200000, too many tokens',
        ),
        context,
      ).code,
    ).toBe('BACKEND_CONTEXT_LENGTH');
    expect(mapClaudeError(apiError(undefined, 'some_new_error', 'Odd'), context)).toMatchObject({
      code: 'BACKEND_STREAM',
      retryable: true,
    });
  });

  it('treats a spend-limit error code as quota even when the words say otherwise', () => {
    const error = mapClaudeError(
      apiError(
        429,
        'rate_limit_error',
        'Limit reached.',
        { 'retry-after': '60' },
        { error_code: 'enforced_spend_limit_reached' },
      ),
      context,
    );
    expect(error).toMatchObject({ code: 'BACKEND_QUOTA', retryable: false, statusCode: 429 });
    expect(error.retryAfterMs).toBeUndefined();
    expect(error.details).toMatchObject({ errorCode: 'enforced_spend_limit_reached' });
  });

  it('maps connection failures, timeouts and aborts', () => {
    expect(
      mapClaudeError(
        new APIConnectionError({ message: 'Connection error.', cause: new Error('ECONNREFUSED') }),
        context,
      ),
    ).toMatchObject({ code: 'BACKEND_NETWORK', retryable: true });
    expect(mapClaudeError(new APIConnectionTimeoutError(), context)).toMatchObject({
      code: 'TIMEOUT',
      message: 'Anthropic did not answer within 30 s (the request timeout).',
    });
    expect(mapClaudeError(new APIUserAbortError(), context).code).toBe('ABORTED');
    expect(mapClaudeError(apiError(500, 'api_error', 'boom'), { ...context, aborted: true }).code).toBe('ABORTED');
  });

  it('calls anything else thrown mid-stream a dropped stream, and before it an internal error, redacting secrets', () => {
    const midStream = mapClaudeError(
      new TypeError('terminated', { cause: new Error('other side closed sk-ant-secret-value') }),
      { ...context, phase: 'stream' },
    );
    expect(midStream).toMatchObject({ code: 'BACKEND_STREAM', retryable: true });
    expect(midStream.message).toContain('[redacted]');
    expect(midStream.message).not.toContain('sk-ant-secret-value');
    expect(mapClaudeError(new Error('bad'), context)).toMatchObject({ code: 'INTERNAL', retryable: false });
  });

  it('keeps a MassGenError, attributing it to the agent and provider', () => {
    const original = new MassGenError({ code: 'BACKEND_MISSING_KEY', message: 'No key.' });
    expect(mapClaudeError(original, context)).toMatchObject({
      code: 'BACKEND_MISSING_KEY',
      agentId: 'agent-a',
      provider: 'claude',
    });
  });

  it('works before the SDK is loaded, without its classes', () => {
    expect(mapClaudeError(new Error('no sdk'), { ...context, errorClasses: undefined }).code).toBe('INTERNAL');
  });
});
