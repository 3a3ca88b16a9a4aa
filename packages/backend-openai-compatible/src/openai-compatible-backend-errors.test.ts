import type { BackendRequest } from '@massgen/core';
import { collectParts, terminalError, fakeOpenAIErrors } from '@massgen/testing';
import { describeOpenAIBackendFailures, useBackendServer } from '@massgen/testing/vitest';
import { describe, expect, it } from 'vitest';
import { chatCompletionTestServer } from './openai-compatible-test-server.js';

const { server, backend } = useBackendServer(chatCompletionTestServer);

const question: BackendRequest = { messages: [{ role: 'user', content: 'Hello' }] };

describe('HTTP errors', () => {
  it("carries the provider's own message", async () => {
    server.enqueue(fakeOpenAIErrors.modelNotFound('fake-model'));
    const error = terminalError(await collectParts(backend().stream(question)));
    expect(error.message).toContain('The model `fake-model` does not exist or you do not have access to it.');
    expect(error.message).toContain('HTTP 404');
  });
});

describe('broken streams, cancellation and timeouts', () => {
  it('classifies an error event sent after the stream started, keeping the text before it', async () => {
    server.enqueue(
      fakeOpenAIErrors.inStream(
        { message: 'Upstream overloaded', type: 'overloaded_error' },
        { afterChunks: 2, text: 'abcdefgh' },
      ),
    );
    const parts = await collectParts(backend().stream(question));
    expect(parts.filter((part) => part.type === 'text-delta')).toEqual([{ type: 'text-delta', text: 'abcd' }]);
    const error = terminalError(parts);
    expect(error).toMatchObject({ code: 'BACKEND_OVERLOADED', retryable: true });
    expect(error.message).toContain('Upstream overloaded');
  });

  it('calls an unrecognised error event a broken stream', async () => {
    server.enqueue(fakeOpenAIErrors.inStream({ message: 'Generation failed' }, { afterChunks: 1 }));
    expect(terminalError(await collectParts(backend().stream(question)))).toMatchObject({
      code: 'BACKEND_STREAM',
      retryable: true,
    });
  });
});

describeOpenAIBackendFailures({
  ...chatCompletionTestServer,
  says: () => 'chatcompletion at 127.0.0.1',
  missingEndMarker: 'no finish_reason',
  keyFromEnvironment: {
    variable: 'GROQ_API_KEY',
    options: (fake) => ({ base_url: fake.url, provider: 'groq' }),
    ownProvider: { provider: 'groq' },
  },
  cut: { afterChunks: 3, toolCallChunks: 4 },
});
