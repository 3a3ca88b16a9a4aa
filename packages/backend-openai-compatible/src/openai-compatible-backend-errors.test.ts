import type { BackendRequest } from '@massgen/core';
import {
  collectParts,
  terminalError,
  fakeOpenAIErrors,
  openAIErrorBody,
  type FakeOpenAIServer,
  type FakeReply,
} from '@massgen/testing';
import {
  describeBackendFailureContract,
  itClassifiesErrors,
  openAIContractReplies,
  useBackendServer,
} from '@massgen/testing/vitest';
import { describe, expect, it } from 'vitest';
import { chatCompletionTestServer } from './openai-compatible-test-server.js';

const { server, backend } = useBackendServer(chatCompletionTestServer);

const question: BackendRequest = { messages: [{ role: 'user', content: 'Hello' }] };

describe('HTTP errors become classified MassGen errors', () => {
  const says = () => 'chatcompletion at 127.0.0.1';
  itClassifiesErrors<FakeReply>({ server, backend, provider: 'chatcompletion', says, withoutDelay: 'not-retryable' }, [
    ['401', fakeOpenAIErrors.invalidApiKey(), { code: 'BACKEND_AUTH', retryable: false, statusCode: 401 }],
    ['403', { type: 'error', status: 403 }, { code: 'BACKEND_AUTH', retryable: false, statusCode: 403 }],
    [
      '429 retry-after seconds',
      fakeOpenAIErrors.rateLimit({ retryAfter: '2' }),
      { code: 'BACKEND_RATE_LIMIT', retryable: true, retryAfterMs: 2000 },
    ],
    [
      '429 retry-after-ms',
      fakeOpenAIErrors.rateLimit({ retryAfter: '2', retryAfterMs: '1500' }),
      { code: 'BACKEND_RATE_LIMIT', retryable: true, retryAfterMs: 1500 },
    ],
    [
      '429 insufficient_quota',
      fakeOpenAIErrors.insufficientQuota(),
      { code: 'BACKEND_QUOTA', retryable: false, statusCode: 429 },
    ],
    [
      '429 spend cap',
      {
        type: 'error',
        status: 429,
        body: openAIErrorBody('Your organization has reached its monthly spending limit.', 'rate_limit_error', null),
      },
      { code: 'BACKEND_QUOTA', retryable: false },
    ],
    ['503', fakeOpenAIErrors.overloaded(), { code: 'BACKEND_OVERLOADED', retryable: true, statusCode: 503 }],
    [
      '529',
      { type: 'error', status: 529, headers: { 'retry-after': '3' } },
      { code: 'BACKEND_OVERLOADED', retryable: true, retryAfterMs: 3000 },
    ],
    [
      '400 context_length_exceeded',
      fakeOpenAIErrors.contextLengthExceeded(),
      { code: 'BACKEND_CONTEXT_LENGTH', retryable: false, statusCode: 400 },
    ],
    [
      '400',
      {
        type: 'error',
        status: 400,
        body: openAIErrorBody("Invalid value for 'temperature'.", 'invalid_request_error', null),
      },
      { code: 'BACKEND_BAD_REQUEST', retryable: false },
    ],
    [
      '404 model_not_found',
      fakeOpenAIErrors.modelNotFound('fake-model'),
      { code: 'BACKEND_NOT_FOUND', retryable: false, statusCode: 404 },
    ],
    ['500', fakeOpenAIErrors.serverError(), { code: 'BACKEND_SERVER', retryable: true, statusCode: 500 }],
    [
      '502 HTML page',
      { type: 'error', status: 502, body: '<html>Bad Gateway</html>' },
      { code: 'BACKEND_SERVER', retryable: true, statusCode: 502 },
    ],
  ]);

  it("carries the provider's own message", async () => {
    server.enqueue(fakeOpenAIErrors.modelNotFound('fake-model'));
    const error = terminalError(await collectParts(backend().stream(question)));
    expect(error.message).toContain('The model `fake-model` does not exist or you do not have access to it.');
    expect(error.message).toContain('HTTP 404');
  });
});

describe('broken streams, cancellation and timeouts', () => {
  it('classifies an error event sent after the stream started, keeping the text before it', async () => {
    server.enqueue({
      type: 'stream-error',
      afterChunks: 2,
      error: { message: 'Upstream overloaded', type: 'overloaded_error' },
      reply: { type: 'text', text: 'abcdefgh' },
    });
    const parts = await collectParts(backend().stream(question));
    expect(parts.filter((part) => part.type === 'text-delta')).toEqual([{ type: 'text-delta', text: 'abcd' }]);
    const error = terminalError(parts);
    expect(error).toMatchObject({ code: 'BACKEND_OVERLOADED', retryable: true });
    expect(error.message).toContain('Upstream overloaded');
  });

  it('calls an unrecognised error event a broken stream', async () => {
    server.enqueue({ type: 'stream-error', afterChunks: 1, error: { message: 'Generation failed' } });
    expect(terminalError(await collectParts(backend().stream(question)))).toMatchObject({
      code: 'BACKEND_STREAM',
      retryable: true,
    });
  });
});

describeBackendFailureContract<FakeReply, FakeOpenAIServer>({
  ...chatCompletionTestServer,
  missingEndMarker: 'no finish_reason',
  keyFromEnvironment: {
    variable: 'GROQ_API_KEY',
    options: (fake) => ({ base_url: fake.url, provider: 'groq' }),
    ownProvider: { provider: 'groq' },
  },
  wrongKey: { statusCode: 401 },
  replies: openAIContractReplies({ afterChunks: 3, toolCallChunks: 4 }),
});
