import type { BackendRequest, BackendSettings, SerializedError } from '@massgen/core';
import { collectParts, createFakeAnthropicServer, fakeAnthropicErrors, terminalError } from '@massgen/testing';
import type { FakeAnthropicReply, FakeAnthropicServer } from '@massgen/testing';
import {
  commonContractReplies,
  describeBackendFailureContract,
  itClassifiesErrors,
  useBackendServer,
} from '@massgen/testing/vitest';
import { describe, expect, it } from 'vitest';
import { createClaudeBackend } from './claude-backend.js';
import { claudeTestServer } from './claude-test-server.js';

const { server, backend, apiKey } = useBackendServer(claudeTestServer);

const question: BackendRequest = { messages: [{ role: 'user', content: 'Hello?' }] };

/** Runs one call and returns its error, checking that the stream ended with it and nothing else failed. */
async function failure(): Promise<SerializedError> {
  return terminalError(await collectParts(backend().stream(question)));
}

describe('claude backend HTTP errors', () => {
  const says = () => `Anthropic API at ${new URL(server.url).host}`;
  // Each reply with the error code it must become, whether to retry it, and words of Anthropic's message.
  const replies = [
    [fakeAnthropicErrors.invalidApiKey(), 'BACKEND_AUTH', false, 'invalid x-api-key'],
    [fakeAnthropicErrors.permissionDenied(), 'BACKEND_AUTH', false, 'does not have permission'],
    [fakeAnthropicErrors.overloaded(), 'BACKEND_OVERLOADED', true, 'Overloaded'],
    [fakeAnthropicErrors.creditBalanceTooLow(), 'BACKEND_QUOTA', false, 'credit balance is too low'],
    [fakeAnthropicErrors.spendLimitReached(), 'BACKEND_QUOTA', false, 'usage limits'],
    [fakeAnthropicErrors.promptTooLong(), 'BACKEND_CONTEXT_LENGTH', false, 'prompt is too long'],
    [fakeAnthropicErrors.modelNotFound('claude-nope'), 'BACKEND_NOT_FOUND', false, 'model: claude-nope'],
    [fakeAnthropicErrors.apiError(), 'BACKEND_SERVER', true, 'Internal server error'],
    [
      fakeAnthropicErrors.invalidRequest('messages.0.content: Field required'),
      'BACKEND_BAD_REQUEST',
      false,
      'Field required',
    ],
    [
      {
        type: 'error',
        status: 402,
        body: { type: 'error', error: { type: 'billing_error', message: 'Payment required.' } },
      },
      'BACKEND_QUOTA',
      false,
      'Payment required',
    ],
    [
      {
        type: 'error',
        status: 504,
        body: { type: 'error', error: { type: 'timeout_error', message: 'Request timed out.' } },
      },
      'TIMEOUT',
      true,
      'timed out',
    ],
    [{ type: 'error', status: 502, body: '<html>Bad gateway</html>' }, 'BACKEND_SERVER', true, 'Bad gateway'],
  ] as const;
  itClassifiesErrors<FakeAnthropicReply>(
    { server, backend, provider: 'claude', says, withoutDelay: 'all' },
    replies.map(([reply, code, retryable, words]) => [
      `${reply.status} → ${code}`,
      reply,
      { code, retryable, statusCode: reply.status },
      words,
    ]),
  );

  it('honours retry-after on a 429, and a quota 429 carries no delay because it is not retried', async () => {
    server.enqueue(fakeAnthropicErrors.rateLimit({ retryAfter: '7' }));
    expect(await failure()).toMatchObject({
      code: 'BACKEND_RATE_LIMIT',
      retryable: true,
      retryAfterMs: 7000,
      statusCode: 429,
    });
  });

  it('falls back to the reset time of the used-up limit when there is no retry-after', async () => {
    server.enqueue(fakeAnthropicErrors.rateLimit({ limit: 'input-tokens', resetAt: new Date(Date.now() + 30_000) }));
    const error = await failure();
    expect(error.code).toBe('BACKEND_RATE_LIMIT');
    expect(error.retryAfterMs).toBeGreaterThan(0);
    expect(error.retryAfterMs).toBeLessThanOrEqual(30_000);
  });
});

describe('claude backend stream failures', () => {
  it('turns an in-band overloaded event after some text into a retryable error with no status', async () => {
    server.enqueue({
      type: 'stream-error',
      afterEvents: 5,
      reply: { type: 'text', text: 'A long answer that is cut.' },
    });
    const parts = await collectParts(backend().stream(question));
    expect(parts.some((part) => part.type === 'text-delta')).toBe(true);
    const last = parts.at(-1);
    expect(last).toMatchObject({ type: 'error', error: { code: 'BACKEND_OVERLOADED', retryable: true } });
    expect(last?.type === 'error' && last.error.statusCode).toBeUndefined();
  });

  it('classifies an in-band api_error as a server error', async () => {
    server.enqueue({
      type: 'stream-error',
      afterEvents: 3,
      error: { type: 'api_error', message: 'Internal server error' },
    });
    expect(await failure()).toMatchObject({ code: 'BACKEND_SERVER', retryable: true });
  });
});

describe('claude backend API keys', () => {
  const anthropic = { base_url: 'https://api.anthropic.com' };

  function keySettings(options: Record<string, unknown>, env: Record<string, string>): BackendSettings {
    return { agentId: 'agent-a', type: 'claude', model: 'claude-fake-1', options, env, warn: () => {} };
  }

  it('says which variable to set when there is no key, without making a request', async () => {
    const parts = await collectParts(createClaudeBackend(keySettings(anthropic, {})).stream(question));
    expect(parts.at(-1)).toMatchObject({
      type: 'error',
      error: { code: 'BACKEND_MISSING_KEY', retryable: false, agentId: 'agent-a' },
    });
    const last = parts.at(-1);
    expect(last?.type === 'error' && last.error.message).toContain('ANTHROPIC_API_KEY');
  });

  it('refuses a Google key for Anthropic by name, never printing it', async () => {
    const googleKey = 'AIzaSyExampleExampleExample0123456789';
    const parts = await collectParts(
      createClaudeBackend(keySettings(anthropic, { ANTHROPIC_API_KEY: googleKey })).stream(question),
    );
    const last = parts.at(-1);
    expect(last).toMatchObject({ type: 'error', error: { code: 'BACKEND_AUTH' } });
    expect(last?.type === 'error' && last.error.message).toContain('Google');
    expect(JSON.stringify(parts)).not.toContain(googleKey);
  });

  it('reads the key from ANTHROPIC_API_KEY at the first call, trimming stray whitespace with a warning', async () => {
    const warned: string[] = [];
    const backend = createClaudeBackend({
      ...keySettings({ base_url: server.url }, { ANTHROPIC_API_KEY: `${apiKey}\n` }),
      warn: (warning) => warned.push(warning.code),
    });
    expect(warned).toEqual([]);
    const parts = await collectParts(backend.stream(question));
    expect(parts.at(-1)).toMatchObject({ type: 'finish' });
    expect(warned).toEqual(['api-key-whitespace']);
  });

  it('sends a placeholder to a local server when no key is configured', async () => {
    const open = await createFakeAnthropicServer();
    try {
      const parts = await collectParts(createClaudeBackend(keySettings({ base_url: open.url }, {})).stream(question));
      expect(parts.at(-1)).toMatchObject({ type: 'finish' });
    } finally {
      await open.close();
    }
  });
});

describeBackendFailureContract<FakeAnthropicReply, FakeAnthropicServer>({
  ...claudeTestServer,
  missingEndMarker: 'message_stop',
  wrongKey: { statusCode: 401 },
  keyFromEnvironment: {
    variable: 'ANTHROPIC_API_KEY',
    options: (fake) => ({ base_url: fake.url }),
    ownProvider: {},
    optionalOnLoopback: true,
    foreignKey: { key: 'sk-proj-abcdefghijklmnopqrstuv', provider: 'OpenAI' },
  },
  replies: {
    ...commonContractReplies({ stall: { afterEvents: 5 }, drop: { afterEvents: 6 }, endEarly: { afterEvents: 6 } }),
    rejectionSaying: (text) => fakeAnthropicErrors.invalidRequest(text),
    rateLimit: (seconds) => fakeAnthropicErrors.rateLimit({ retryAfter: String(seconds) }),
    dropInToolCall: () => ({
      type: 'drop',
      afterEvents: 6,
      reply: { type: 'tool-use', calls: [{ name: 'lookup', input: { query: 'a long query string' } }] },
    }),
  },
});
