import OpenAI from 'openai';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { beforeEach, describe, expect, it } from 'vitest';
import { useFakeServer } from './use-fake-server.js';
import { createFakeOpenAIServer } from './fake-openai-server.js';
import { fakeOpenAIErrors } from './fake-openai-server-errors.js';

const server = useFakeServer(() => createFakeOpenAIServer());
let client: OpenAI;

beforeEach(() => {
  client = new OpenAI({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0 });
});

const request = { model: 'fake-model', messages: [{ role: 'user' as const, content: 'Hello there' }] };

function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (error: unknown) => error,
  );
}

describe('injected HTTP errors', () => {
  it('sends 429 with retry-after and an OpenAI error body', async () => {
    server.enqueue(fakeOpenAIErrors.rateLimit({ retryAfter: '2', retryAfterMs: '1500' }));
    const failure = await failureOf(client.chat.completions.create(request));
    expect(failure).toBeInstanceOf(OpenAI.RateLimitError);
    const error = failure as InstanceType<typeof OpenAI.RateLimitError>;
    expect(error.status).toBe(429);
    expect(error.code).toBe('rate_limit_exceeded');
    expect(error.headers.get('retry-after')).toBe('2');
    expect(error.headers.get('retry-after-ms')).toBe('1500');
  });

  it('sends 429 insufficient_quota', async () => {
    server.enqueue(fakeOpenAIErrors.insufficientQuota());
    const failure = await failureOf(client.chat.completions.create(request));
    expect(failure).toBeInstanceOf(OpenAI.RateLimitError);
    expect(failure).toMatchObject({ status: 429, code: 'insufficient_quota', type: 'insufficient_quota' });
  });

  it.each([
    ['500', fakeOpenAIErrors.serverError(), OpenAI.InternalServerError, 500],
    ['503 overloaded', fakeOpenAIErrors.overloaded(), OpenAI.InternalServerError, 503],
    ['400 context_length_exceeded', fakeOpenAIErrors.contextLengthExceeded(), OpenAI.BadRequestError, 400],
    ['404 model_not_found', fakeOpenAIErrors.modelNotFound('fake-model'), OpenAI.NotFoundError, 404],
  ])('sends %s as the matching SDK error', async (_name, reply, errorClass, status) => {
    server.enqueue(reply);
    const failure = await failureOf(client.chat.completions.create(request));
    expect(failure).toBeInstanceOf(errorClass);
    expect((failure as { status: number }).status).toBe(status);
  });

  it('carries the code of a scripted body and a default body when none is given', async () => {
    server.enqueue(fakeOpenAIErrors.contextLengthExceeded(), { type: 'error', status: 502 });
    expect(await failureOf(client.chat.completions.create(request))).toMatchObject({
      code: 'context_length_exceeded',
      param: 'messages',
    });
    expect(await failureOf(client.chat.completions.create(request))).toMatchObject({
      status: 502,
      type: 'server_error',
    });
  });

  it('sends a non-JSON body as text, like a proxy error page', async () => {
    server.enqueue({ type: 'error', status: 502, body: '<html>Bad Gateway</html>' });
    const failure = await failureOf(client.chat.completions.create(request));
    expect(failure).toBeInstanceOf(OpenAI.InternalServerError);
    expect((failure as Error).message).toContain('Bad Gateway');
  });

  it('fails a streaming request with the same error before any chunk', async () => {
    server.enqueue(fakeOpenAIErrors.rateLimit({ retryAfter: '1' }));
    const failure = await failureOf(client.chat.completions.create({ ...request, stream: true }));
    expect(failure).toBeInstanceOf(OpenAI.RateLimitError);
  });
});

describe('dropped streams', () => {
  it('delivers the chunks written before the drop, then the SDK stream fails', async () => {
    server.enqueue({ type: 'drop', afterChunks: 3, reply: { type: 'text', text: 'abcdefghijklmnop' } });
    const received: ChatCompletionChunk[] = [];
    const stream = await client.chat.completions.create({ ...request, stream: true });
    const failure = await (async () => {
      try {
        for await (const chunk of stream) received.push(chunk);
        return undefined;
      } catch (error) {
        return error;
      }
    })();
    expect(failure).toBeInstanceOf(Error);
    // The role chunk, then two text chunks of four characters.
    expect(received).toHaveLength(3);
    expect(received.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).toBe('abcdefgh');
    expect(received.some((chunk) => chunk.choices[0]?.finish_reason)).toBe(false);
  });

  it('can end the stream quietly instead, with neither finish_reason nor [DONE]', async () => {
    server.enqueue({ type: 'drop', afterChunks: 2, graceful: true, reply: { type: 'text', text: 'abcdefgh' } });
    const received: ChatCompletionChunk[] = [];
    for await (const chunk of await client.chat.completions.create({ ...request, stream: true })) received.push(chunk);
    expect(received.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).toBe('abcd');
    expect(received.some((chunk) => chunk.choices[0]?.finish_reason)).toBe(false);
  });

  it('can fail in-band with an error event after some chunks', async () => {
    server.enqueue(
      fakeOpenAIErrors.inStream(
        { message: 'Upstream overloaded', type: 'overloaded_error' },
        { afterChunks: 2, text: 'abcdefgh' },
      ),
    );
    const received: ChatCompletionChunk[] = [];
    const failure = await (async () => {
      try {
        for await (const chunk of await client.chat.completions.create({ ...request, stream: true }))
          received.push(chunk);
        return undefined;
      } catch (error) {
        return error;
      }
    })();
    expect(received.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).toBe('abcd');
    expect(failure).toBeInstanceOf(OpenAI.APIError);
    expect(failure).toMatchObject({ status: undefined, type: 'overloaded_error', message: 'Upstream overloaded' });
  });

  it('cuts a non-streaming request before any byte', async () => {
    server.enqueue({ type: 'drop', afterChunks: 0 });
    expect(await failureOf(client.chat.completions.create(request))).toBeInstanceOf(OpenAI.APIConnectionError);
  });
});

describe('slow and hung responses', () => {
  it('waits the server latency before the first byte, and a reply may set its own', async () => {
    const slow = await createFakeOpenAIServer({ latencyMs: 40 });
    try {
      const slowClient = new OpenAI({ apiKey: 'test-key', baseURL: slow.url, maxRetries: 0 });
      slow.enqueue({ type: 'text', text: 'late' }, { type: 'text', text: 'later', latencyMs: 120 });
      const first = performance.now();
      await slowClient.chat.completions.create(request);
      const second = performance.now();
      await slowClient.chat.completions.create(request);
      const end = performance.now();
      // Lower bounds only: the wait is a floor, a busy machine may add to it.
      expect(second - first).toBeGreaterThanOrEqual(38);
      expect(end - second).toBeGreaterThanOrEqual(118);
    } finally {
      await slow.close();
    }
  });

  it('holds a hung response until the client aborts, then cleans it up', async () => {
    server.enqueue({ type: 'hang' });
    const controller = new AbortController();
    const pending = failureOf(
      client.chat.completions.create({ ...request, stream: true }, { signal: controller.signal }),
    );
    await server.waitForRequests(1);
    expect(server.activeResponses).toBe(1);
    controller.abort();
    expect(await pending).toBeInstanceOf(OpenAI.APIUserAbortError);
    await server.idle();
    expect(server.activeResponses).toBe(0);
  });

  it('records the most responses it had in progress at once', async () => {
    server.enqueue({ type: 'hang' }, { type: 'hang' }, { type: 'hang' });
    const controller = new AbortController();
    const pending = [1, 2, 3].map(() =>
      failureOf(client.chat.completions.create({ ...request, stream: true }, { signal: controller.signal })),
    );
    await server.waitForRequests(3);
    expect(server.peakActiveResponses).toBe(3);
    controller.abort();
    await Promise.all(pending);
    await server.idle();
    server.enqueue({ type: 'text', text: 'one at a time' });
    await client.chat.completions.create(request);
    // The peak stays the highest ever seen; the responses in progress now are none.
    expect(server.peakActiveResponses).toBe(3);
    expect(server.activeResponses).toBe(0);
  });

  it('goes silent after some chunks until the client gives up', async () => {
    server.enqueue({ type: 'stall', afterChunks: 2, reply: { type: 'text', text: 'abcdefgh' } });
    const stream = await client.chat.completions.create({ ...request, stream: true });
    const received: string[] = [];
    for await (const chunk of stream) {
      received.push(chunk.choices[0]?.delta.content ?? '');
      if (received.join('') === 'abcd') stream.controller.abort();
    }
    expect(received.join('')).toBe('abcd');
    await server.idle();
  });

  it('closes promptly while a response hangs and a slow response waits', async () => {
    server.enqueue({ type: 'hang' }, { type: 'text', text: 'never sent', latencyMs: 600_000 });
    const hung = failureOf(client.chat.completions.create(request));
    const slow = failureOf(client.chat.completions.create(request));
    await server.waitForRequests(2);
    await server.close();
    expect(await hung).toBeInstanceOf(OpenAI.APIConnectionError);
    expect(await slow).toBeInstanceOf(OpenAI.APIConnectionError);
    await server.close();
  });

  it('times out in the SDK when the response hangs', async () => {
    server.enqueue({ type: 'hang' });
    const impatient = new OpenAI({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0, timeout: 100 });
    expect(await failureOf(impatient.chat.completions.create(request))).toBeInstanceOf(
      OpenAI.APIConnectionTimeoutError,
    );
  });
});
