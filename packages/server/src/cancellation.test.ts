import { describe, expect, it } from 'vitest';
import { countedTeamResponder, useTestServers } from './server-test-support.js';
import type { TestServer } from './server-test-support.js';

const startServer = useTestServers();

const question = { model: 'massgen', messages: [{ role: 'user', content: 'What is 2+2?' }] };

function post(server: TestServer, body: object, signal?: AbortSignal): Promise<Response> {
  return fetch(`${server.url}/v1/chat/completions`, {
    method: 'POST',
    body: JSON.stringify(body),
    ...(signal === undefined ? {} : { signal }),
  });
}

async function expectServing(server: TestServer): Promise<void> {
  server.upstream.setResponder(countedTeamResponder({ answer: 'Four.', finalText: 'The answer is 4.' }));
  const completion = await server.client.chat.completions.create({
    model: 'massgen',
    messages: [{ role: 'user', content: 'Again?' }],
  });
  expect(completion.choices[0]?.message.content).toBe('The answer is 4.');
}

describe('a client that disconnects', () => {
  it('cancels its agents mid-stream, and the server keeps serving', async () => {
    const harness = await startServer();
    harness.upstream.setResponder(() => ({ type: 'hang' }));
    const client = new AbortController();
    const stream = await harness.client.chat.completions.create(
      { ...question, messages: [{ role: 'user', content: 'q' }], stream: true },
      { signal: client.signal },
    );
    const reading = (async () => {
      for await (const chunk of stream) void chunk;
    })().catch(() => undefined);
    await harness.upstream.waitForRequests(3);
    expect(harness.server.activeRuns).toBe(1);
    client.abort();
    await reading;
    await harness.upstream.idle();
    await harness.server.idle();
    expect(harness.server.activeRuns).toBe(0);
    await expectServing(harness);
  });

  it('cancels its agents while waiting for a non-streamed answer', async () => {
    const harness = await startServer();
    harness.upstream.setResponder(() => ({ type: 'hang' }));
    const client = new AbortController();
    const pending = post(harness, question, client.signal).catch((error: unknown) => error);
    await harness.upstream.waitForRequests(3);
    client.abort();
    expect(await pending).toMatchObject({ name: 'AbortError' });
    await harness.upstream.idle();
    await harness.server.idle();
    await expectServing(harness);
  });
});

describe('limits and shutdown', () => {
  it('refuses runs past the concurrency limit with 429 and Retry-After, and accepts them again after', async () => {
    const harness = await startServer({ server: { limits: { maxConcurrentRuns: 1 } } });
    harness.upstream.setResponder(() => ({ type: 'hang' }));
    const client = new AbortController();
    const first = post(harness, { ...question, stream: true }, client.signal);
    await harness.upstream.waitForRequests(3);
    const second = await post(harness, question);
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('1');
    expect(await second.json()).toMatchObject({
      error: { type: 'rate_limit_error', code: 'too_many_concurrent_requests' },
    });
    expect(harness.upstream.requests).toHaveLength(3);
    client.abort();
    await first.then((response) => response.body?.cancel()).catch(() => undefined);
    await harness.server.idle();
    await expectServing(harness);
  });

  it('cancels running teams on close and ends their streams with an error and [DONE]', async () => {
    const harness = await startServer();
    harness.upstream.setResponder(() => ({ type: 'hang' }));
    const response = await post(harness, { ...question, stream: true });
    expect(response.status).toBe(200);
    const body = response.text();
    await harness.upstream.waitForRequests(3);
    await harness.server.close();
    const events = (await body).trim().split('\n\n');
    expect(events.at(-1)).toBe('data: [DONE]');
    expect(JSON.parse(events.at(-2)?.slice('data: '.length) ?? '')).toMatchObject({ error: { code: 'cancelled' } });
    await harness.upstream.idle();
    await expect(fetch(`${harness.url}/health`)).rejects.toThrow();
  });

  it('keeps a quiet stream open with SSE comments that OpenAI clients skip', async () => {
    const harness = await startServer({ server: { limits: { heartbeatMs: 1 } } });
    harness.upstream.setResponder(() => ({ type: 'hang' }));
    const client = new AbortController();
    const response = await post(harness, { ...question, stream: true }, client.signal);
    const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    while (!received.includes('\n: keep-alive\n\n')) {
      const { value, done } = (await reader?.read()) ?? { done: true, value: undefined };
      if (done === true) throw new Error(`the stream ended before a keep-alive comment: ${received}`);
      received += value;
    }
    client.abort();
    await harness.server.idle();
  });
});
