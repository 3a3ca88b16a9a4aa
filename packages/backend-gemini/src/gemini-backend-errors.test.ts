import type { BackendRequest } from '@massgen/core';
import { collectParts, terminalError, fakeGeminiErrors } from '@massgen/testing';
import type { FakeGeminiReply, FakeGeminiServer } from '@massgen/testing';
import {
  commonContractReplies,
  describeBackendFailureContract,
  itClassifiesErrors,
  useBackendServer,
} from '@massgen/testing/vitest';
import { describe, expect, it } from 'vitest';
import { createGeminiBackend } from './gemini-backend.js';
import { geminiTestServer } from './gemini-test-server.js';

const { server, settings, backend, apiKey } = useBackendServer(geminiTestServer);

const question: BackendRequest = { messages: [{ role: 'user', content: 'Hello' }] };

describe('Google errors become classified MassGen errors', () => {
  itClassifiesErrors<FakeGeminiReply>({ server, backend, provider: 'gemini', says: () => 'Gemini' }, [
    [
      '400 API key not valid',
      fakeGeminiErrors.invalidApiKey(),
      { code: 'BACKEND_AUTH', retryable: false, statusCode: 400 },
    ],
    [
      '403 PERMISSION_DENIED',
      fakeGeminiErrors.permissionDenied(),
      { code: 'BACKEND_AUTH', retryable: false, statusCode: 403 },
    ],
    [
      '429 per-minute quota',
      fakeGeminiErrors.rateLimit({ retryDelay: '7s' }),
      { code: 'BACKEND_RATE_LIMIT', retryable: true, retryAfterMs: 7000, statusCode: 429 },
    ],
    ['429 per-day quota', fakeGeminiErrors.dailyQuota(), { code: 'BACKEND_QUOTA', retryable: false, statusCode: 429 }],
    [
      '400 context too long',
      fakeGeminiErrors.contextTooLong(),
      { code: 'BACKEND_CONTEXT_LENGTH', retryable: false, statusCode: 400 },
    ],
    [
      '400 INVALID_ARGUMENT',
      fakeGeminiErrors.badRequest('Invalid JSON payload received. Unknown name "foo".'),
      { code: 'BACKEND_BAD_REQUEST', retryable: false },
    ],
    [
      '404 NOT_FOUND',
      fakeGeminiErrors.modelNotFound('gemini-2.5-flash'),
      { code: 'BACKEND_NOT_FOUND', retryable: false, statusCode: 404 },
    ],
    ['500 INTERNAL', fakeGeminiErrors.internal(), { code: 'BACKEND_SERVER', retryable: true, statusCode: 500 }],
    [
      '503 UNAVAILABLE',
      fakeGeminiErrors.overloaded(),
      { code: 'BACKEND_OVERLOADED', retryable: true, statusCode: 503 },
    ],
    ['504 DEADLINE_EXCEEDED', { type: 'error', status: 504 }, { code: 'TIMEOUT', retryable: true, statusCode: 504 }],
    [
      '502 from a proxy, as HTML',
      { type: 'error', status: 502, body: '<html>Bad Gateway</html>', headers: { 'content-type': 'text/html' } },
      { code: 'BACKEND_SERVER', retryable: true },
    ],
  ]);

  it("carries Google's own words and status name in the message", async () => {
    server.enqueue(fakeGeminiErrors.modelNotFound('gemini-9-ultra'));
    const error = terminalError(await collectParts(backend().stream(question)));
    expect(error.message).toBe(
      'Gemini does not know the requested model or endpoint (HTTP 404 NOT_FOUND): models/gemini-9-ultra is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.',
    );
  });

  it('does not wait for a RetryInfo that a daily quota carries', async () => {
    server.enqueue(fakeGeminiErrors.dailyQuota());
    const error = terminalError(await collectParts(backend().stream(question)));
    expect(error.retryAfterMs).toBeUndefined();
    expect(error.message).toContain('Gemini daily quota is used up (HTTP 429 RESOURCE_EXHAUSTED)');
  });

  it('makes exactly one request per call: the SDK retries nothing itself', async () => {
    server.enqueue(fakeGeminiErrors.overloaded());
    terminalError(await collectParts(backend().stream(question)));
    server.enqueue(fakeGeminiErrors.rateLimit({ retryDelay: '1s' }));
    terminalError(await collectParts(backend().stream(question)));
    expect(server.requests).toHaveLength(2);
  });
});

describe('broken streams', () => {
  const long: FakeGeminiReply & { type: 'text' } = {
    type: 'text',
    text: 'A long answer that is cut off halfway through.',
  };

  it('classifies an error object inside the stream by its code', async () => {
    server.enqueue({
      type: 'stream-error',
      afterChunks: 2,
      reply: long,
      error: { code: 503, message: 'The model is overloaded. Please try again later.', status: 'UNAVAILABLE' },
    });
    const parts = await collectParts(backend().stream(question));
    const error = terminalError(parts);
    expect(error).toMatchObject({ code: 'BACKEND_OVERLOADED', retryable: true, statusCode: 503 });
    expect(error.message).toContain('in the middle of the stream');
    expect(error.message).toContain('The model is overloaded.');
  });
});

describe('API keys', () => {
  // The failure contract below checks the missing-key error itself and GEMINI_API_KEY.
  it('names GOOGLE_API_KEY too when no key is set, and finds the key there on the next call', async () => {
    const env: Record<string, string | undefined> = {};
    const backend = createGeminiBackend({ ...settings(), options: { base_url: server.url }, env });
    const error = terminalError(await collectParts(backend.stream(question)));
    expect(error.code).toBe('BACKEND_MISSING_KEY');
    expect(error.message).toContain('GEMINI_API_KEY');
    expect(error.message).toContain('GOOGLE_API_KEY');
    expect(server.requests).toHaveLength(0);
    env['GOOGLE_API_KEY'] = apiKey;
    server.enqueue({ type: 'text', text: 'ok' });
    expect((await collectParts(backend.stream(question))).at(-1)).toMatchObject({ type: 'finish' });
  });
});

describeBackendFailureContract<FakeGeminiReply, FakeGeminiServer>({
  ...geminiTestServer,
  missingEndMarker: 'no finishReason',
  wrongKey: { statusCode: 400, says: 'API key not valid' },
  keyFromEnvironment: { variable: 'GEMINI_API_KEY', options: (fake) => ({ base_url: fake.url }), ownProvider: {} },
  replies: {
    ...commonContractReplies({ stall: { afterChunks: 2 }, drop: { afterChunks: 3 }, endEarly: { afterChunks: 2 } }),
    rejectionSaying: (text) => fakeGeminiErrors.badRequest(text),
    rateLimit: (seconds) => fakeGeminiErrors.rateLimit({ retryDelay: `${seconds}s` }),
  },
});
