import { afterEach, describe, expect, it } from 'vitest';
import { createFakeAnthropicServer } from './fake-anthropic-server.js';
import type { FakeAnthropicServer, FakeAnthropicServerOptions } from './fake-anthropic-server-types.js';
import { signThinking } from './fake-anthropic-signature.js';

let server: FakeAnthropicServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(options: FakeAnthropicServerOptions = {}): Promise<FakeAnthropicServer> {
  server = await createFakeAnthropicServer({ apiKey: 'sk-ant-test-key', ...options });
  return server;
}

const question = {
  model: 'claude-fake-1',
  max_tokens: 256,
  messages: [{ role: 'user', content: 'Capital of France?' }],
};

function post(
  fake: FakeAnthropicServer,
  body: unknown,
  headers: Record<string, string> = {},
  path = '/v1/messages',
): Promise<Response> {
  return fetch(`${fake.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-api-key': 'sk-ant-test-key',
      'anthropic-version': '2023-06-01',
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/** Splits an SSE body into named events, insisting on Anthropic's `event:` + `data:` framing. */
function parseEvents(text: string): SseEvent[] {
  return text
    .split('\n\n')
    .filter((block) => block !== '')
    .map((block) => {
      const match = /^event: (\S+)\ndata: (.*)$/s.exec(block);
      expect(match, `malformed event: ${block}`).not.toBeNull();
      return { event: match?.[1] ?? '', data: JSON.parse(match?.[2] ?? '{}') as Record<string, unknown> };
    });
}

function deltas(events: SseEvent[], type: string, field: string): string {
  return events
    .filter(
      (event) =>
        event.event === 'content_block_delta' && (event.data['delta'] as Record<string, unknown>)['type'] === type,
    )
    .map((event) => String((event.data['delta'] as Record<string, unknown>)[field]))
    .join('');
}

describe('POST /v1/messages with stream: true', () => {
  it('streams named events in the order the Messages API sends them, each data naming its own type', async () => {
    const fake = await start({ chunkSize: 5 });
    fake.enqueue({
      type: 'text',
      text: 'Paris is the capital.',
      usage: { inputTokens: 12, outputTokens: 6, cacheReadInputTokens: 4, cacheCreationInputTokens: 2 },
    });
    const response = await post(fake, { ...question, stream: true });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = parseEvents(await response.text());
    for (const event of events) expect(event.data['type']).toBe(event.event);
    const names = events.map((event) => event.event);
    expect(names.slice(0, 3)).toEqual(['message_start', 'ping', 'content_block_start']);
    expect(names.slice(-3)).toEqual(['content_block_stop', 'message_delta', 'message_stop']);
    expect(names.filter((name) => name === 'content_block_delta')).toHaveLength(
      Math.ceil('Paris is the capital.'.length / 5),
    );
    expect(deltas(events, 'text_delta', 'text')).toBe('Paris is the capital.');
    const opening = events[0]?.data['message'] as Record<string, unknown>;
    expect(opening).toMatchObject({
      id: 'msg_fake_0',
      type: 'message',
      role: 'assistant',
      model: 'claude-fake-1',
      content: [],
      stop_reason: null,
    });
    expect(opening['usage']).toMatchObject({
      input_tokens: 12,
      cache_read_input_tokens: 4,
      cache_creation_input_tokens: 2,
      output_tokens: 1,
    });
    expect(events.at(-2)?.data).toMatchObject({
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { output_tokens: 6 },
    });
  });

  it('streams each tool call as a tool_use block with empty input, filled by input_json_delta fragments', async () => {
    const fake = await start({ chunkSize: 4 });
    fake.enqueue({
      type: 'tool-use',
      text: 'Checking.',
      calls: [
        { name: 'get_weather', input: { city: 'Paris' } },
        { name: 'now', input: {}, id: 'toolu_custom' },
      ],
    });
    const events = parseEvents(await (await post(fake, { ...question, stream: true })).text());
    const starts = events
      .filter((event) => event.event === 'content_block_start')
      .map((event) => event.data['content_block']);
    expect(starts).toEqual([
      { type: 'text', text: '' },
      { type: 'tool_use', id: 'toolu_fake_0_0', name: 'get_weather', input: {} },
      { type: 'tool_use', id: 'toolu_custom', name: 'now', input: {} },
    ]);
    const fragments = events
      .filter((event) => event.event === 'content_block_delta' && event.data['index'] === 1)
      .map((event) => (event.data['delta'] as Record<string, unknown>)['partial_json']);
    expect(fragments[0]).toBe('');
    expect(fragments.length).toBeGreaterThan(3);
    expect(fragments.join('')).toBe('{"city":"Paris"}');
    expect(events.at(-2)?.data['delta']).toMatchObject({ stop_reason: 'tool_use' });
  });

  it('streams thinking first, closed by a verifiable signature, then redacted thinking as one block', async () => {
    const fake = await start();
    fake.enqueue({
      type: 'text',
      text: 'Paris.',
      thinking: 'France, capital: Paris.',
      redactedThinking: 'EncryptedBlob==',
    });
    const events = parseEvents(await (await post(fake, { ...question, stream: true })).text());
    const starts = events
      .filter((event) => event.event === 'content_block_start')
      .map((event) => event.data['content_block']);
    expect(starts).toEqual([
      { type: 'thinking', thinking: '', signature: '' },
      { type: 'redacted_thinking', data: 'EncryptedBlob==' },
      { type: 'text', text: '' },
    ]);
    expect(deltas(events, 'thinking_delta', 'thinking')).toBe('France, capital: Paris.');
    expect(deltas(events, 'signature_delta', 'signature')).toBe(signThinking('France, capital: Paris.'));
    const usage = events.at(-2)?.data['usage'] as Record<string, unknown>;
    expect(usage['output_tokens_details']).toEqual({ thinking_tokens: expect.any(Number) });
  });

  it('reports the stop sequence that ended a text', async () => {
    const fake = await start();
    fake.enqueue({ type: 'text', text: 'One, two', stopReason: 'stop_sequence', stopSequence: 'three' });
    const events = parseEvents(await (await post(fake, { ...question, stream: true })).text());
    expect(events.at(-2)?.data['delta']).toMatchObject({ stop_reason: 'stop_sequence', stop_sequence: 'three' });
  });
});

describe('POST /v1/messages without streaming', () => {
  it('answers with one message body holding every block and the usage', async () => {
    const fake = await start();
    fake.enqueue({
      type: 'tool-use',
      thinking: { text: 'Use the tool.', signature: 'sig-1' },
      calls: [{ name: 'lookup', input: { q: 'x' } }],
    });
    const response = await post(fake, question);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toMatchObject({
      id: 'msg_fake_0',
      type: 'message',
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'Use the tool.', signature: 'sig-1' },
        { type: 'tool_use', id: 'toolu_fake_0_0', name: 'lookup', input: { q: 'x' } },
      ],
      stop_reason: 'tool_use',
      usage: { input_tokens: expect.any(Number), output_tokens: expect.any(Number) },
    });
  });

  it('echoes the last user text when nothing is scripted', async () => {
    const fake = await start();
    const body = (await (
      await post(fake, { ...question, messages: [{ role: 'user', content: [{ type: 'text', text: 'Echo me' }] }] })
    ).json()) as Record<string, unknown>;
    expect(body['content']).toEqual([{ type: 'text', text: 'Echo me' }]);
  });
});

describe('requests, keys and headers', () => {
  it('records each request with its system text, messages, tools and query, and can wait for them', async () => {
    const fake = await start();
    const waiting = fake.waitForRequests(2);
    await post(
      fake,
      {
        ...question,
        system: [{ type: 'text', text: 'Be brief.' }],
        tools: [{ name: 't', input_schema: { type: 'object' } }],
      },
      {},
      '/v1/messages?beta=true',
    );
    await post(fake, { ...question, system: 'Plain.' });
    await waiting;
    expect(fake.requests.map((request) => request.system)).toEqual(['Be brief.', 'Plain.']);
    expect(fake.requests[0]).toMatchObject({
      index: 0,
      model: 'claude-fake-1',
      query: { beta: 'true' },
      tools: [{ name: 't' }],
      stream: false,
    });
    expect(fake.requests[0]?.headers['x-api-key']).toBe('sk-ant-test-key');
  });

  it('puts a request id on every response, errors included', async () => {
    const fake = await start();
    const ok = await post(fake, question);
    const missing = await fetch(`${fake.url}/v1/nothing`);
    expect(ok.headers.get('request-id')).toMatch(/^req_fake_\d+$/);
    expect(missing.headers.get('request-id')).toMatch(/^req_fake_\d+$/);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ type: 'error', error: { type: 'not_found_error' } });
  });

  it('tells a missing key from a wrong one, and takes a bearer token too', async () => {
    const fake = await start();
    const missing = await post(fake, question, { 'x-api-key': '' });
    const wrong = await post(fake, question, { 'x-api-key': 'sk-ant-other' });
    const bearer = await fetch(`${fake.url}/v1/messages`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer sk-ant-test-key',
        'anthropic-version': '2023-06-01',
        'content-type': 'application/json',
      },
      body: JSON.stringify(question),
    });
    expect(missing.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({
      type: 'error',
      error: { type: 'authentication_error', message: 'invalid x-api-key' },
    });
    expect(bearer.status).toBe(200);
  });

  it('requires the anthropic-version header, as the API does', async () => {
    const fake = await start();
    const response = await fetch(`${fake.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': 'sk-ant-test-key' },
      body: JSON.stringify(question),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { type: 'invalid_request_error', message: 'anthropic-version: header is required' },
    });
  });

  it('rejects a body that is not a JSON object', async () => {
    const fake = await start();
    const response = await fetch(`${fake.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': 'sk-ant-test-key', 'anthropic-version': '2023-06-01' },
      body: '[1, 2',
    });
    expect(response.status).toBe(400);
  });

  it('counts tokens and lists models for clients that ask', async () => {
    const fake = await start({ models: ['claude-a', 'claude-b'] });
    const count = await post(fake, { model: 'claude-a', messages: question.messages }, {}, '/v1/messages/count_tokens');
    expect(await count.json()).toEqual({ input_tokens: expect.any(Number) });
    const models = await fetch(`${fake.url}/v1/models`, { headers: { 'x-api-key': 'sk-ant-test-key' } });
    expect(await models.json()).toMatchObject({
      data: [{ id: 'claude-a' }, { id: 'claude-b' }],
      has_more: false,
      first_id: 'claude-a',
      last_id: 'claude-b',
    });
    expect(fake.requests).toHaveLength(0);
  });
});
