import type { BackendRequest } from '@massgen/core';
import { collectParts, fakeOpenAIErrors, type FakeReply } from '@massgen/testing';
import { describeOpenAIBackendFailures, itClassifiesErrors, useBackendServer } from '@massgen/testing/vitest';
import { describe, expect, it } from 'vitest';
import { openAITestServer } from './openai-test-server.js';

const { server, backend } = useBackendServer(openAITestServer);

const question: BackendRequest = { messages: [{ role: 'user', content: 'Hello' }] };

describe('failures inside a started Responses stream', () => {
  const says = () => 'OpenAI reported a failed response';
  itClassifiesErrors<FakeReply>({ server, backend, provider: 'openai', says }, [
    [
      'response.failed rate_limit_exceeded, with the delay from the message',
      fakeOpenAIErrors.inStream(
        { message: 'Rate limit reached for gpt-4.1. Please try again in 1.5s.', code: 'rate_limit_exceeded' },
        { afterChunks: 5 },
      ),
      { code: 'BACKEND_RATE_LIMIT', retryable: true, retryAfterMs: 1500 },
    ],
    [
      'response.failed server_error',
      fakeOpenAIErrors.inStream({ message: 'The server had an error.', code: 'server_error' }, { afterChunks: 3 }),
      { code: 'BACKEND_SERVER', retryable: true },
    ],
    [
      'response.failed invalid_prompt',
      fakeOpenAIErrors.inStream({ message: 'Invalid prompt.', code: 'invalid_prompt' }, { afterChunks: 2 }),
      { code: 'BACKEND_BAD_REQUEST', retryable: false },
    ],
    [
      'an error event for quota',
      fakeOpenAIErrors.inStream(
        { message: 'You exceeded your current quota.', code: 'insufficient_quota' },
        { afterChunks: 2, event: 'error' },
      ),
      { code: 'BACKEND_QUOTA', retryable: false },
    ],
    [
      'an error event with an unknown code',
      fakeOpenAIErrors.inStream({ message: 'Something odd.', code: 'odd_failure' }, { afterChunks: 2, event: 'error' }),
      { code: 'BACKEND_STREAM', retryable: true },
    ],
  ]);

  it('keeps the text that came before the failure', async () => {
    server.enqueue(
      fakeOpenAIErrors.inStream({ message: 'Boom.', code: 'server_error' }, { afterChunks: 5, text: 'abcdefghijkl' }),
    );
    const parts = await collectParts(backend().stream(question));
    expect(parts.filter((part) => part.type === 'text-delta')).toEqual([{ type: 'text-delta', text: 'abcd' }]);
  });
});

describeOpenAIBackendFailures({
  ...openAITestServer,
  says: () => 'OpenAI',
  missingEndMarker: 'no response.completed',
  keyFromEnvironment: { variable: 'OPENAI_API_KEY', options: (fake) => ({ base_url: fake.url }), ownProvider: {} },
  cut: { afterChunks: 5, toolCallChunks: 7 },
});
