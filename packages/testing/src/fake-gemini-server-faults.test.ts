import { describe, expect, it } from 'vitest';
import { useFakeServer } from './use-fake-server.js';
import { createFakeGeminiServer } from './fake-gemini-server.js';
import { fakeGeminiErrors } from './fake-gemini-server-errors.js';
import type { FakeGeminiErrorReply } from './fake-gemini-server-types.js';

const server = useFakeServer(() => createFakeGeminiServer());

const body = JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Hello there' }] }] });

function call(options: { signal?: AbortSignal; stream?: boolean } = {}): Promise<Response> {
  const method = options.stream === false ? 'generateContent' : 'streamGenerateContent?alt=sse';
  return fetch(`${server.url}/v1beta/models/gemini-2.5-flash:${method}`, {
    method: 'POST',
    body,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
}

interface GoogleError {
  error: { code: number; status: string; message: string; details?: Array<Record<string, unknown>> };
}

/** Reads a stream event by event; resolves with the events received and how the body ended. */
async function readEvents(response: Response): Promise<{ events: string[]; failure: unknown }> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  let failure: unknown;
  try {
    for (let next = await reader.read(); next.done !== true; next = await reader.read())
      text += decoder.decode(next.value, { stream: true });
  } catch (error) {
    failure = error;
  }
  return { events: text.split('\r\n\r\n').filter((event) => event !== ''), failure };
}

describe('Google error replies', () => {
  it.each<[string, FakeGeminiErrorReply, number, string]>([
    ['invalid key', fakeGeminiErrors.invalidApiKey(), 400, 'INVALID_ARGUMENT'],
    ['missing key', fakeGeminiErrors.missingApiKey(), 403, 'PERMISSION_DENIED'],
    ['permission', fakeGeminiErrors.permissionDenied(), 403, 'PERMISSION_DENIED'],
    ['unknown model', fakeGeminiErrors.modelNotFound('gemini-9'), 404, 'NOT_FOUND'],
    ['context', fakeGeminiErrors.contextTooLong(), 400, 'INVALID_ARGUMENT'],
    ['bad request', fakeGeminiErrors.badRequest('Unknown name "foo"'), 400, 'INVALID_ARGUMENT'],
    ['internal', fakeGeminiErrors.internal(), 500, 'INTERNAL'],
    ['overloaded', fakeGeminiErrors.overloaded(), 503, 'UNAVAILABLE'],
    ['unscripted body', { type: 'error', status: 504 }, 504, 'DEADLINE_EXCEEDED'],
  ])('sends %s with its status and a google.rpc.Status body', async (_name, reply, status, statusName) => {
    server.enqueue(reply);
    const response = await call();
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toContain('application/json');
    const error = (await response.json()) as GoogleError;
    expect(error.error).toMatchObject({ code: status, status: statusName });
    expect(error.error.message.length).toBeGreaterThan(0);
  });

  it('sends a per-minute 429 with QuotaFailure and a RetryInfo delay', async () => {
    server.enqueue(fakeGeminiErrors.rateLimit({ retryDelay: '7s', model: 'gemini-2.5-pro' }));
    const response = await call();
    expect(response.status).toBe(429);
    const { error } = (await response.json()) as GoogleError;
    expect(error.status).toBe('RESOURCE_EXHAUSTED');
    expect(error.message).toContain('Please retry in 7s.');
    expect(error.details).toContainEqual({ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '7s' });
    const quota = error.details?.find((detail) => detail['@type'] === 'type.googleapis.com/google.rpc.QuotaFailure');
    expect(quota).toMatchObject({
      violations: [
        {
          quotaId: 'GenerateRequestsPerMinutePerProjectPerModel-FreeTier',
          quotaDimensions: { model: 'gemini-2.5-pro' },
        },
      ],
    });
  });

  it('sends a daily 429 whose violation names a PerDay quota', async () => {
    server.enqueue(fakeGeminiErrors.dailyQuota());
    const { error } = (await (await call()).json()) as GoogleError;
    const quota = error.details?.find((detail) => detail['@type'] === 'type.googleapis.com/google.rpc.QuotaFailure');
    expect(JSON.stringify(quota)).toContain('PerDay');
  });

  it('sends an error reply with scripted headers and a non-JSON body as it is', async () => {
    server.enqueue({
      type: 'error',
      status: 502,
      body: '<html>Bad Gateway</html>',
      headers: { 'content-type': 'text/html', 'retry-after': '3' },
    });
    const response = await call();
    expect(response.status).toBe(502);
    expect(response.headers.get('retry-after')).toBe('3');
    expect(await response.text()).toBe('<html>Bad Gateway</html>');
  });
});

describe('stream faults', () => {
  it('drops the connection after the scripted number of chunks', async () => {
    server.enqueue({ type: 'drop', afterChunks: 2, reply: { type: 'text', text: 'abcdefghijklmnop' } });
    const { events, failure } = await readEvents(await call());
    expect(events).toHaveLength(2);
    expect(failure).toBeInstanceOf(Error);
  });

  it('ends a graceful drop cleanly, with no finish reason in any chunk', async () => {
    server.enqueue({ type: 'drop', afterChunks: 2, graceful: true, reply: { type: 'text', text: 'abcdefghijklmnop' } });
    const { events, failure } = await readEvents(await call());
    expect(failure).toBeUndefined();
    expect(events).toHaveLength(2);
    expect(events.join('')).not.toContain('finishReason');
  });

  it('drops a unary call before any byte', async () => {
    server.enqueue({ type: 'drop', afterChunks: 3 });
    await expect(call({ stream: false })).rejects.toThrow();
  });

  it('ends a stream with an error object after the 200 status', async () => {
    server.enqueue({
      type: 'stream-error',
      afterChunks: 1,
      error: { code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' },
    });
    const response = await call();
    expect(response.status).toBe(200);
    const { events } = await readEvents(response);
    expect(events).toHaveLength(2);
    expect(JSON.parse((events[1] ?? '').slice('data: '.length))).toEqual({
      error: { code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' },
    });
  });

  it('answers a unary call of a stream-error reply with the error status', async () => {
    server.enqueue({
      type: 'stream-error',
      afterChunks: 1,
      error: { code: 500, message: 'Internal error.', status: 'INTERNAL' },
    });
    const response = await call({ stream: false });
    expect(response.status).toBe(500);
  });

  it('stalls after some chunks until the client gives up, then is idle', async () => {
    server.enqueue({ type: 'stall', afterChunks: 1 });
    const controller = new AbortController();
    const response = await call({ signal: controller.signal });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('data: ');
    expect(server.activeResponses).toBe(1);
    controller.abort();
    await expect(reader.read()).rejects.toThrow();
    await server.idle();
    expect(server.activeResponses).toBe(0);
  });

  it('hangs without a byte until the client gives up', async () => {
    server.enqueue({ type: 'hang' });
    const controller = new AbortController();
    const pending = call({ signal: controller.signal });
    await server.waitForRequests(1);
    controller.abort();
    await expect(pending).rejects.toThrow();
    await server.idle();
  });

  it('still delivers a reply that waits before its first byte', async () => {
    server.enqueue({ type: 'text', text: 'late', latencyMs: 5 });
    const { events } = await readEvents(await call());
    expect(events.join('')).toContain('late');
  });

  it('closes with hung responses open, and closing twice is harmless', async () => {
    server.enqueue({ type: 'hang' });
    const pending = call().catch((error: unknown) => error);
    await server.waitForRequests(1);
    await server.close();
    await server.close();
    expect(await pending).toBeInstanceOf(Error);
  });
});
