import type { BackendRequest, BackendSettings, SerializedError, StreamPart, Warning } from '@massgen/core';
import {
  collectParts,
  terminalError,
  createFakeOpenAIServer,
  fakeOpenAIErrors,
  openAIErrorBody,
  type FakeOpenAIServer,
  type FakeReply,
} from '@massgen/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAIBackend } from './openai-backend.js';

const apiKey = 'test-key-9b2d4e61';
let server: FakeOpenAIServer;
let warnings: Warning[];

beforeEach(async () => {
  server = await createFakeOpenAIServer({ apiKey });
  warnings = [];
});

afterEach(async () => {
  await server.close();
});

function settings(options: Record<string, unknown> = {}, env: BackendSettings['env'] = {}): BackendSettings {
  return {
    agentId: 'agent-a',
    type: 'openai',
    model: 'gpt-4.1',
    options: { base_url: server.url, api_key: apiKey, ...options },
    env,
    warn: (warning) => warnings.push(warning),
  };
}

const question: BackendRequest = { messages: [{ role: 'user', content: 'Hello' }] };

describe('HTTP errors from the Responses API', () => {
  it.each<[string, FakeReply, Partial<SerializedError>]>([
    ['401', fakeOpenAIErrors.invalidApiKey(), { code: 'BACKEND_AUTH', retryable: false, statusCode: 401 }],
    ['403', { type: 'error', status: 403 }, { code: 'BACKEND_AUTH', retryable: false, statusCode: 403 }],
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
    ['503', fakeOpenAIErrors.overloaded(), { code: 'BACKEND_OVERLOADED', retryable: true, statusCode: 503 }],
    [
      '400 context_length_exceeded',
      fakeOpenAIErrors.contextLengthExceeded(),
      { code: 'BACKEND_CONTEXT_LENGTH', retryable: false },
    ],
    [
      '400',
      { type: 'error', status: 400, body: openAIErrorBody("Invalid type for 'input'.", 'invalid_request_error', null) },
      { code: 'BACKEND_BAD_REQUEST', retryable: false },
    ],
    [
      '404 model_not_found',
      fakeOpenAIErrors.modelNotFound('gpt-4.1'),
      { code: 'BACKEND_NOT_FOUND', retryable: false, statusCode: 404 },
    ],
    ['500', fakeOpenAIErrors.serverError(), { code: 'BACKEND_SERVER', retryable: true, statusCode: 500 }],
  ])('%s', async (_name, reply, expected) => {
    server.enqueue(reply);
    const error = terminalError(await collectParts(createOpenAIBackend(settings()).stream(question)));
    expect(error).toMatchObject({ ...expected, provider: 'openai', agentId: 'agent-a' });
    expect(error.message).toContain('OpenAI');
  });

  it('reports a rate limit, then succeeds on the next call (the retry is the runtime’s)', async () => {
    server.enqueue(fakeOpenAIErrors.rateLimit({ retryAfter: '1' }), { type: 'text', text: 'Hello back.' });
    const backend = createOpenAIBackend(settings());
    expect(terminalError(await collectParts(backend.stream(question)))).toMatchObject({
      code: 'BACKEND_RATE_LIMIT',
      retryable: true,
      retryAfterMs: 1000,
    });
    const second = await collectParts(backend.stream(question));
    expect(second.map((part) => (part.type === 'text-delta' ? part.text : '')).join('')).toBe('Hello back.');
    expect(server.requests).toHaveLength(2);
  });

  it('never repeats the API key, even when OpenAI echoes it', async () => {
    server.enqueue({
      type: 'error',
      status: 400,
      body: openAIErrorBody(`Key ${apiKey} may not use this model.`, 'invalid_request_error', null),
    });
    const error = terminalError(await collectParts(createOpenAIBackend(settings()).stream(question)));
    expect(error.message).not.toContain(apiKey);
    expect(error.message).toContain('[redacted]');
  });
});

describe('failures inside a started Responses stream', () => {
  it.each<[string, FakeReply, Partial<SerializedError>]>([
    [
      'response.failed rate_limit_exceeded, with the delay from the message',
      {
        type: 'stream-error',
        afterChunks: 5,
        error: { message: 'Rate limit reached for gpt-4.1. Please try again in 1.5s.', code: 'rate_limit_exceeded' },
      },
      { code: 'BACKEND_RATE_LIMIT', retryable: true, retryAfterMs: 1500 },
    ],
    [
      'response.failed server_error',
      { type: 'stream-error', afterChunks: 3, error: { message: 'The server had an error.', code: 'server_error' } },
      { code: 'BACKEND_SERVER', retryable: true },
    ],
    [
      'response.failed invalid_prompt',
      { type: 'stream-error', afterChunks: 2, error: { message: 'Invalid prompt.', code: 'invalid_prompt' } },
      { code: 'BACKEND_BAD_REQUEST', retryable: false },
    ],
    [
      'an error event for quota',
      {
        type: 'stream-error',
        event: 'error',
        afterChunks: 2,
        error: { message: 'You exceeded your current quota.', code: 'insufficient_quota' },
      },
      { code: 'BACKEND_QUOTA', retryable: false },
    ],
    [
      'an error event with an unknown code',
      {
        type: 'stream-error',
        event: 'error',
        afterChunks: 2,
        error: { message: 'Something odd.', code: 'odd_failure' },
      },
      { code: 'BACKEND_STREAM', retryable: true },
    ],
  ])('%s', async (_name, reply, expected) => {
    server.enqueue(reply);
    const error = terminalError(await collectParts(createOpenAIBackend(settings()).stream(question)));
    expect(error).toMatchObject({ ...expected, provider: 'openai', agentId: 'agent-a' });
    expect(error.message).toContain('OpenAI reported a failed response');
  });

  it('keeps the text that came before the failure', async () => {
    server.enqueue({
      type: 'stream-error',
      afterChunks: 5,
      reply: { type: 'text', text: 'abcdefghijkl' },
      error: { message: 'Boom.', code: 'server_error' },
    });
    const parts = await collectParts(createOpenAIBackend(settings()).stream(question));
    expect(parts.filter((part) => part.type === 'text-delta')).toEqual([{ type: 'text-delta', text: 'abcd' }]);
  });
});

describe('broken streams, cancellation and timeouts', () => {
  it('ends with a retryable BACKEND_STREAM when the connection drops, and emits no half-made call', async () => {
    server.enqueue({
      type: 'drop',
      afterChunks: 7,
      reply: { type: 'tool-calls', calls: [{ name: 'vote', arguments: { agent_id: 'agent1', reason: 'best' } }] },
    });
    const parts = await collectParts(createOpenAIBackend(settings()).stream(question));
    expect(parts.some((part) => part.type === 'tool-call')).toBe(false);
    expect(terminalError(parts)).toMatchObject({ code: 'BACKEND_STREAM', retryable: true });
  });

  it('treats a stream that ends without response.completed as broken', async () => {
    server.enqueue({ type: 'drop', afterChunks: 6, graceful: true, reply: { type: 'text', text: 'abcdefgh' } });
    const parts = await collectParts(createOpenAIBackend(settings()).stream(question));
    expect(parts.filter((part) => part.type === 'text-delta').length).toBeGreaterThan(0);
    const error = terminalError(parts);
    expect(error).toMatchObject({ code: 'BACKEND_STREAM', retryable: true, provider: 'openai' });
    expect(error.message).toContain('no response.completed');
  });

  it('ends with ABORTED when the caller aborts mid-stream', async () => {
    server.enqueue({ type: 'text', text: 'A long answer that the caller stops reading early.' });
    const controller = new AbortController();
    const parts: StreamPart[] = [];
    for await (const part of createOpenAIBackend(settings()).stream(question, { signal: controller.signal })) {
      parts.push(part);
      if (part.type === 'text-delta') controller.abort();
    }
    expect(parts.filter((part) => part.type === 'text-delta')).toHaveLength(1);
    expect(terminalError(parts)).toMatchObject({ code: 'ABORTED', retryable: false });
  });

  it('ends with ABORTED when the caller aborts a hung request, and the server is left idle', async () => {
    server.enqueue({ type: 'hang' });
    const controller = new AbortController();
    const pending = collectParts(createOpenAIBackend(settings()).stream(question, { signal: controller.signal }));
    await server.waitForRequests(1);
    controller.abort();
    expect(terminalError(await pending)).toMatchObject({ code: 'ABORTED', retryable: false });
    await server.idle();
  });

  it('times out a hung response with timeout_seconds', async () => {
    server.enqueue({ type: 'hang' });
    const error = terminalError(
      await collectParts(createOpenAIBackend(settings({ timeout_seconds: 0.2 })).stream(question)),
    );
    expect(error).toMatchObject({ code: 'TIMEOUT', retryable: true });
    expect(error.message).toContain('0.2 s');
  });

  it('times out a stream that goes silent after it started', async () => {
    server.enqueue({ type: 'stall', afterChunks: 5, reply: { type: 'text', text: 'abcdefgh' } });
    const parts = await collectParts(createOpenAIBackend(settings({ timeout_seconds: 0.2 })).stream(question));
    expect(parts.filter((part) => part.type === 'text-delta')).toEqual([{ type: 'text-delta', text: 'abcd' }]);
    expect(terminalError(parts)).toMatchObject({
      code: 'TIMEOUT',
      retryable: true,
      agentId: 'agent-a',
      provider: 'openai',
    });
    await server.idle();
  });

  it('reports an unreachable server as a retryable network error', async () => {
    const gone = await createFakeOpenAIServer();
    await gone.close();
    expect(
      terminalError(await collectParts(createOpenAIBackend(settings({ base_url: gone.url })).stream(question))),
    ).toMatchObject({ code: 'BACKEND_NETWORK', retryable: true });
  });
});

describe('API keys', () => {
  it('reads OPENAI_API_KEY at the first call, and names it when missing', async () => {
    const env: Record<string, string | undefined> = {};
    const backend = createOpenAIBackend({ ...settings(), options: { base_url: server.url }, env });
    const missing = terminalError(await collectParts(backend.stream(question)));
    expect(missing).toMatchObject({ code: 'BACKEND_MISSING_KEY', retryable: false, provider: 'openai' });
    expect(missing.message).toContain('OPENAI_API_KEY');
    expect(server.requests).toHaveLength(0);
    env['OPENAI_API_KEY'] = apiKey;
    expect((await collectParts(backend.stream(question))).at(-1)?.type).toBe('finish');
  });

  it('trims a key with a stray newline and warns without showing it', async () => {
    const backend = createOpenAIBackend({
      ...settings(),
      options: { base_url: server.url },
      env: { OPENAI_API_KEY: `${apiKey}\n` },
    });
    expect((await collectParts(backend.stream(question))).at(-1)?.type).toBe('finish');
    expect(server.requests[0]?.headers['authorization']).toBe(`Bearer ${apiKey}`);
    expect(warnings).toEqual([expect.objectContaining({ code: 'api-key-whitespace', agentId: 'agent-a' })]);
    expect(warnings[0]?.message).not.toContain(apiKey);
  });

  it("refuses another provider's key for api.openai.com by that provider's name, without sending it", async () => {
    const anthropicKey = 'sk-ant-api03-abcdefghijklmnop';
    const error = terminalError(
      await collectParts(
        createOpenAIBackend({ ...settings(), options: {}, env: { OPENAI_API_KEY: anthropicKey } }).stream(question),
      ),
    );
    expect(error).toMatchObject({ code: 'BACKEND_AUTH', retryable: false });
    expect(error.message).toContain('Anthropic');
    expect(error.message).not.toContain(anthropicKey);
  });

  it('fails authentication with a wrong key without printing it', async () => {
    const wrongKey = 'wrong-key-6a0f3c2d';
    const error = terminalError(
      await collectParts(createOpenAIBackend(settings({ api_key: wrongKey })).stream(question)),
    );
    expect(error).toMatchObject({ code: 'BACKEND_AUTH', statusCode: 401 });
    expect(error.message).not.toContain(wrongKey);
  });
});
