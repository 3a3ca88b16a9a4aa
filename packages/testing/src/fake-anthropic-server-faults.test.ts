import { afterEach, describe, expect, it } from 'vitest';
import { createFakeAnthropicServer } from './fake-anthropic-server.js';
import { fakeAnthropicErrors } from './fake-anthropic-server-errors.js';
import type { FakeAnthropicServer } from './fake-anthropic-server-types.js';

let server: FakeAnthropicServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(): Promise<FakeAnthropicServer> {
  server = await createFakeAnthropicServer();
  return server;
}

const question = { model: 'claude-fake-1', max_tokens: 256, messages: [{ role: 'user', content: 'Hi' }] };

function post(fake: FakeAnthropicServer, body: unknown, signal?: AbortSignal): Promise<Response> {
  return fetch(`${fake.url}/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
    body: JSON.stringify(body),
    ...(signal === undefined ? {} : { signal }),
  });
}

/** Reads a streamed body until it ends or breaks, returning the event names seen and how it ended. */
async function readEvents(response: Response): Promise<{ names: string[]; broken: boolean; text: string }> {
  const decoder = new TextDecoder();
  let text = '';
  let broken = false;
  try {
    for await (const chunk of response.body ?? []) text += decoder.decode(chunk as Uint8Array, { stream: true });
  } catch {
    broken = true;
  }
  const names = [...text.matchAll(/^event: (\S+)$/gm)].map((match) => match[1] ?? '');
  return { names, broken, text };
}

describe('fake Anthropic server faults', () => {
  it('sends a scripted error with Anthropic’s body and headers, or the default body for the status', async () => {
    const fake = await start();
    fake.enqueue(fakeAnthropicErrors.rateLimit({ retryAfter: '3', resetAt: new Date('2030-01-01T00:00:00Z') }), {
      type: 'error',
      status: 529,
    });
    const limited = await post(fake, question);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect(limited.headers.get('anthropic-ratelimit-requests-remaining')).toBe('0');
    expect(limited.headers.get('anthropic-ratelimit-requests-reset')).toBe('2030-01-01T00:00:00Z');
    expect(await limited.json()).toMatchObject({ type: 'error', error: { type: 'rate_limit_error' } });
    const overloaded = await post(fake, { ...question, stream: true });
    expect(overloaded.status).toBe(529);
    expect(await overloaded.json()).toEqual({
      type: 'error',
      error: { type: 'overloaded_error', message: 'Overloaded' },
    });
  });

  it('cuts the connection after the scripted number of events', async () => {
    const fake = await start();
    fake.enqueue({ type: 'drop', afterEvents: 4 });
    const result = await readEvents(await post(fake, { ...question, stream: true }));
    expect(result.names).toEqual(['message_start', 'ping', 'content_block_start', 'content_block_delta']);
    expect(result.broken).toBe(true);
  });

  it('can end the stream quietly instead, without message_stop', async () => {
    const fake = await start();
    fake.enqueue({ type: 'drop', afterEvents: 3, graceful: true });
    const result = await readEvents(await post(fake, { ...question, stream: true }));
    expect(result).toMatchObject({ names: ['message_start', 'ping', 'content_block_start'], broken: false });
  });

  it('fails in-band with an error event after some events', async () => {
    const fake = await start();
    fake.enqueue(
      { type: 'stream-error', afterEvents: 2 },
      { type: 'stream-error', afterEvents: 1, error: { type: 'api_error', message: 'Internal server error' } },
    );
    const first = await readEvents(await post(fake, { ...question, stream: true }));
    expect(first.names).toEqual(['message_start', 'ping', 'error']);
    expect(first.text).toContain(
      'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n',
    );
    const second = await readEvents(await post(fake, { ...question, stream: true }));
    expect(second.text).toContain('"api_error"');
  });

  it('goes silent after some events, and hangs, until the client gives up', async () => {
    const fake = await start();
    fake.enqueue({ type: 'stall', afterEvents: 2 }, { type: 'hang' });
    const stalled = new AbortController();
    const response = await post(fake, { ...question, stream: true }, stalled.signal);
    const reader = response.body?.getReader();
    let received = '';
    while (reader !== undefined && !received.includes('event: ping')) {
      const { value, done } = await reader.read();
      if (done) break;
      received += new TextDecoder().decode(value);
    }
    expect(received).toMatch(/^event: message_start\n/);
    stalled.abort();
    await reader?.cancel().catch(() => undefined);
    const hung = new AbortController();
    const pending = post(fake, question, hung.signal).catch((error: unknown) => error);
    await fake.waitForRequests(2);
    hung.abort();
    expect(await pending).toBeInstanceOf(Error);
    await fake.idle();
    expect(fake.activeResponses).toBe(0);
  });

  it('holds every response for the server latency, unless a reply sets its own', async () => {
    server = await createFakeAnthropicServer({ latencyMs: 600_000 });
    const fake = server;
    fake.enqueue({ type: 'text', text: 'Prompt.', latencyMs: 0 }, { type: 'text', text: 'Never sent.' });
    expect(await (await post(fake, question)).json()).toMatchObject({ content: [{ type: 'text', text: 'Prompt.' }] });
    await fake.idle();
    const waiting = new AbortController();
    const pending = post(fake, question, waiting.signal).catch((error: unknown) => error);
    await fake.waitForRequests(2);
    expect(fake.activeResponses).toBe(1);
    waiting.abort();
    expect(await pending).toBeInstanceOf(Error);
    await fake.idle();
  });

  it('answers a failing responder with a 500 api_error', async () => {
    const fake = await start();
    fake.setResponder(() => {
      throw new Error('script bug');
    });
    const response = await post(fake, question);
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({
      error: { type: 'api_error', message: expect.stringContaining('script bug') },
    });
  });
});
