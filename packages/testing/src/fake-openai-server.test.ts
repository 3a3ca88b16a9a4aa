import OpenAI from 'openai';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { beforeEach, describe, expect, it } from 'vitest';
import { collectParts } from './stream-parts.js';
import { useFakeServer } from './use-fake-server.js';
import { createFakeOpenAIServer } from './fake-openai-server.js';

const server = useFakeServer(() => createFakeOpenAIServer());
let client: OpenAI;

beforeEach(() => {
  client = new OpenAI({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0 });
});

const user = [{ role: 'user' as const, content: 'What is the capital of France?' }];

describe('fake OpenAI server, streaming', () => {
  it('paces stream chunks when given an interval, as a model generating at a set rate', async () => {
    const paced = await createFakeOpenAIServer({ chunkSize: 2, chunkIntervalMs: 40 });
    try {
      paced.enqueue({ type: 'text', text: 'abcdefgh' });
      const pacedClient = new OpenAI({ apiKey: 'test-key', baseURL: paced.url, maxRetries: 0 });
      const arrivals: number[] = [];
      const asked = performance.now();
      const stream = await pacedClient.chat.completions.create({ model: 'fake-model', messages: user, stream: true });
      let text = '';
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta.content ?? '';
        if (delta !== '') arrivals.push(performance.now());
        text += delta;
      }
      expect(text).toBe('abcdefgh');
      expect(arrivals).toHaveLength(4);
      // A lower bound only, counted from the request: the server's pauses cannot be shorter than
      // asked, however busy the machine. Gaps between arrivals can be: a client busy when one
      // chunk comes reads it late, next to the one after it.
      expect(arrivals.at(-1)! - asked).toBeGreaterThanOrEqual(3 * 40 - 2);
    } finally {
      await paced.close();
    }
  });

  it('streams text over several chunks and reports usage in a final chunk without choices', async () => {
    server.enqueue({ type: 'text', text: 'Paris is the capital of France.' });
    const chunks = await collectParts(
      await client.chat.completions.create({
        model: 'fake-model',
        messages: user,
        stream: true,
        stream_options: { include_usage: true },
      }),
    );
    const textChunks = chunks.filter((chunk) => (chunk.choices[0]?.delta.content ?? '') !== '');
    expect(textChunks.length).toBeGreaterThan(3);
    expect(textChunks.map((chunk) => chunk.choices[0]?.delta.content).join('')).toBe('Paris is the capital of France.');
    expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe('stop');
    const usageChunk = chunks.at(-1);
    expect(usageChunk?.choices).toEqual([]);
    expect(usageChunk?.usage?.completion_tokens).toBe(Math.ceil('Paris is the capital of France.'.length / 4));
    expect(usageChunk?.usage?.prompt_tokens).toBeGreaterThan(0);
    expect(usageChunk?.usage?.total_tokens).toBe(
      (usageChunk?.usage?.prompt_tokens ?? 0) + (usageChunk?.usage?.completion_tokens ?? 0),
    );
  });

  it('leaves usage out when the client did not ask for it', async () => {
    server.enqueue({ type: 'text', text: 'Paris.' });
    const chunks = await collectParts(
      await client.chat.completions.create({ model: 'fake-model', messages: user, stream: true }),
    );
    expect(chunks.every((chunk) => chunk.usage === undefined && chunk.choices.length === 1)).toBe(true);
  });

  it('streams reasoning_content deltas before the text', async () => {
    server.enqueue({ type: 'text', reasoning: 'France; its capital is Paris.', text: 'Paris.' });
    const chunks = await collectParts(
      await client.chat.completions.create({ model: 'fake-model', messages: user, stream: true }),
    );
    const deltas = chunks.map((chunk) => chunk.choices[0]?.delta as Record<string, unknown> | undefined);
    const reasoning = deltas.map((delta) => (delta?.['reasoning_content'] as string | undefined) ?? '').join('');
    expect(reasoning).toBe('France; its capital is Paris.');
    const firstText = deltas.findIndex((delta) => typeof delta?.['content'] === 'string' && delta['content'] !== '');
    const lastReasoning = deltas.findLastIndex((delta) => delta?.['reasoning_content'] !== undefined);
    expect(lastReasoning).toBeLessThan(firstText);
  });

  it('splits several tool calls across chunks that the SDK reassembles by index', async () => {
    server.enqueue({
      type: 'tool-calls',
      calls: [
        { name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' } },
        { name: 'get_time', arguments: { timezone: 'Europe/Paris' } },
      ],
    });
    const stream = client.chat.completions.stream({ model: 'fake-model', messages: user });
    const chunks: ChatCompletionChunk[] = [];
    stream.on('chunk', (chunk) => chunks.push(chunk));
    const completion = await stream.finalChatCompletion();

    const fragments = chunks.flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? []);
    const opening = fragments.filter((fragment) => fragment.id !== undefined);
    expect(opening.map((fragment) => [fragment.index, fragment.function?.name])).toEqual([
      [0, 'get_weather'],
      [1, 'get_time'],
    ]);
    const continuations = fragments.filter((fragment) => fragment.id === undefined);
    expect(continuations.length).toBeGreaterThan(4);
    expect(continuations.every((fragment) => fragment.function?.name === undefined)).toBe(true);

    const choice = completion.choices[0];
    expect(choice?.finish_reason).toBe('tool_calls');
    const calls = (choice?.message.tool_calls ?? []).map((call) =>
      call.type === 'function' ? [call.id, call.function.name, JSON.parse(call.function.arguments) as unknown] : [],
    );
    expect(calls).toEqual([
      ['call_0_0', 'get_weather', { city: 'Paris', unit: 'celsius' }],
      ['call_0_1', 'get_time', { timezone: 'Europe/Paris' }],
    ]);
  });

  it('reports a length finish reason', async () => {
    server.enqueue({ type: 'text', text: 'Paris is', finishReason: 'length' });
    const chunks = await collectParts(
      await client.chat.completions.create({ model: 'fake-model', messages: user, stream: true }),
    );
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('length');
  });
});

describe('fake OpenAI server, non-streaming', () => {
  it('answers with a chat.completion body', async () => {
    server.enqueue({ type: 'text', text: 'Paris.', usage: { promptTokens: 12, completionTokens: 2 } });
    const completion = await client.chat.completions.create({ model: 'fake-model', messages: user });
    expect(completion.object).toBe('chat.completion');
    expect(completion.choices[0]?.message.content).toBe('Paris.');
    expect(completion.choices[0]?.finish_reason).toBe('stop');
    expect(completion.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 2, total_tokens: 14 });
  });

  it('answers tool calls with null content', async () => {
    server.enqueue({ type: 'tool-calls', calls: [{ name: 'lookup', arguments: '{"q":"Paris"}', id: 'call_fixed' }] });
    const completion = await client.chat.completions.create({ model: 'fake-model', messages: user });
    const message = completion.choices[0]?.message;
    expect(message?.content).toBeNull();
    expect(message?.tool_calls).toEqual([
      { id: 'call_fixed', type: 'function', function: { name: 'lookup', arguments: '{"q":"Paris"}' } },
    ]);
  });
});

describe('fake OpenAI server, scripting and recording', () => {
  it('consumes queued replies in order, then asks the responder with the request index', async () => {
    server.enqueue({ type: 'text', text: 'first' }, { type: 'text', text: 'second' });
    server.setResponder((request, context) => ({
      type: 'text',
      text: `responder ${context.index} for ${request.model}`,
    }));
    const texts: Array<string | null | undefined> = [];
    for (let call = 0; call < 3; call += 1) {
      const completion = await client.chat.completions.create({ model: 'model-x', messages: user });
      texts.push(completion.choices[0]?.message.content);
    }
    expect(texts).toEqual(['first', 'second', 'responder 2 for model-x']);
  });

  it('echoes the last user message when nothing is scripted', async () => {
    const completion = await client.chat.completions.create({ model: 'fake-model', messages: user });
    expect(completion.choices[0]?.message.content).toBe('What is the capital of France?');
  });

  it('records every request body and its headers', async () => {
    await client.chat.completions.create({
      model: 'fake-model',
      messages: user,
      temperature: 0.2,
      tools: [{ type: 'function', function: { name: 'lookup', parameters: { type: 'object', properties: {} } } }],
    });
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.body).toMatchObject({ model: 'fake-model', temperature: 0.2 });
    expect(request?.tools.map((tool) => tool.function.name)).toEqual(['lookup']);
    expect(request?.headers['authorization']).toBe('Bearer test-key');
    expect(request?.stream).toBe(false);
  });

  it('lists models', async () => {
    const page = await client.models.list();
    expect(page.data.map((model) => model.id)).toEqual(['fake-model']);
  });

  it('answers an unknown path with an OpenAI-shaped 404', async () => {
    await expect(client.embeddings.create({ model: 'fake-model', input: 'x' })).rejects.toMatchObject({ status: 404 });
  });

  it('resolves waitForRequests once enough requests arrived', async () => {
    const waiting = server.waitForRequests(2);
    await client.chat.completions.create({ model: 'fake-model', messages: user });
    await client.chat.completions.create({ model: 'fake-model', messages: user });
    await waiting;
    expect(server.requests.map((request) => request.index)).toEqual([0, 1]);
  });
});

describe('fake OpenAI server, authentication', () => {
  it('rejects a wrong bearer key with 401 and an OpenAI error body', async () => {
    const guarded = await createFakeOpenAIServer({ apiKey: 'right-key' });
    try {
      const wrong = new OpenAI({ apiKey: 'wrong-key', baseURL: guarded.url, maxRetries: 0 });
      const failure = await wrong.chat.completions
        .create({ model: 'fake-model', messages: user })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(OpenAI.AuthenticationError);
      expect(failure).toMatchObject({ status: 401, code: 'invalid_api_key', type: 'invalid_request_error' });

      const right = new OpenAI({ apiKey: 'right-key', baseURL: guarded.url, maxRetries: 0 });
      const completion = await right.chat.completions.create({ model: 'fake-model', messages: user });
      expect(completion.choices[0]?.message.content).toBe('What is the capital of France?');
      expect(guarded.requests).toHaveLength(2);
    } finally {
      await guarded.close();
    }
  });
});
