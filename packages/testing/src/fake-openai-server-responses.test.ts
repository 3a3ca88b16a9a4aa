import OpenAI from 'openai';
import type { ResponseInputItem, ResponseStreamEvent } from 'openai/resources/responses/responses';
import { beforeEach, describe, expect, it } from 'vitest';
import { collectParts } from './stream-parts.js';
import { useFakeServer } from './use-fake-server.js';
import { createFakeOpenAIServer } from './fake-openai-server.js';
import { createTeamResponder } from './team-responder.js';

const server = useFakeServer(() => createFakeOpenAIServer({ apiKey: 'test-key' }));
let client: OpenAI;

beforeEach(() => {
  client = new OpenAI({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0 });
});

function deltas(events: ResponseStreamEvent[], type: ResponseStreamEvent['type']): string {
  return events
    .map((event) => (event.type === type && 'delta' in event && typeof event.delta === 'string' ? event.delta : ''))
    .join('');
}

const weatherTool = {
  type: 'function' as const,
  name: 'get_weather',
  description: 'Weather for a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } } },
  strict: false,
};

describe('fake Responses API, streaming', () => {
  it('streams output text in named events, numbered, ending with response.completed and its usage', async () => {
    server.enqueue({
      type: 'text',
      text: 'Paris is the capital of France.',
      usage: { promptTokens: 11, completionTokens: 7, cachedTokens: 3 },
    });
    const events = await collectParts(
      await client.responses.create({ model: 'gpt-4.1', input: 'Capital of France?', stream: true }),
    );
    expect(events.map((event) => event.sequence_number)).toEqual(events.map((_event, index) => index));
    expect(events.slice(0, 3).map((event) => event.type)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
    ]);
    expect(events.filter((event) => event.type === 'response.output_text.delta').length).toBeGreaterThan(3);
    expect(deltas(events, 'response.output_text.delta')).toBe('Paris is the capital of France.');
    const last = events.at(-1);
    if (last?.type !== 'response.completed') throw new Error(`expected response.completed, got ${last?.type}`);
    expect(last.response.usage).toEqual({
      input_tokens: 11,
      input_tokens_details: { cached_tokens: 3 },
      output_tokens: 7,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 18,
    });
    expect(last.response.output_text).toBeUndefined();
    expect(server.requests[0]).toMatchObject({
      api: 'responses',
      path: '/v1/responses',
      model: 'gpt-4.1',
      stream: true,
    });
  });

  it('streams function calls whose arguments the SDK helper reassembles from the deltas', async () => {
    server.enqueue({
      type: 'tool-calls',
      text: 'Checking.',
      calls: [
        { name: 'get_weather', arguments: { city: 'Paris' } },
        { name: 'get_weather', arguments: { city: 'Lyon' }, id: 'call_fixed' },
      ],
    });
    const stream = client.responses.stream({ model: 'gpt-4.1', input: 'Weather?', tools: [weatherTool] });
    const events: ResponseStreamEvent[] = [];
    stream.on('event', (event) => events.push(event));
    const response = await stream.finalResponse();
    expect(events.filter((event) => event.type === 'response.function_call_arguments.delta').length).toBeGreaterThan(4);
    const calls = response.output.flatMap((item) => (item.type === 'function_call' ? [item] : []));
    expect(calls.map((call) => [call.call_id, call.name, JSON.parse(call.arguments) as unknown])).toEqual([
      ['call_0_0', 'get_weather', { city: 'Paris' }],
      ['call_fixed', 'get_weather', { city: 'Lyon' }],
    ]);
    expect(response.output_text).toBe('Checking.');
  });

  it('ends a cut-off response with response.incomplete', async () => {
    server.enqueue({ type: 'text', text: 'Paris is', finishReason: 'length' });
    const events = await collectParts(await client.responses.create({ model: 'gpt-4.1', input: 'Hi', stream: true }));
    const last = events.at(-1);
    expect(last?.type).toBe('response.incomplete');
    expect(last?.type === 'response.incomplete' && last.response.incomplete_details).toEqual({
      reason: 'max_output_tokens',
    });
  });
});

describe('fake Responses API, reasoning', () => {
  it('gives a reasoning model a reasoning item, with summary deltas only when a summary was asked for', async () => {
    server.enqueue(
      { type: 'text', reasoning: 'Think about France.', text: 'Paris.' },
      { type: 'text', reasoning: 'Think about France.', text: 'Paris.' },
    );
    const silent = await collectParts(
      await client.responses.create({ model: 'gpt-5-mini', input: 'Hi', stream: true }),
    );
    expect(silent.some((event) => event.type === 'response.reasoning_summary_text.delta')).toBe(false);
    expect(silent.find((event) => event.type === 'response.output_item.done')).toMatchObject({
      item: { type: 'reasoning', summary: [] },
    });

    const summarised = await collectParts(
      await client.responses.create({
        model: 'gpt-5-mini',
        input: 'Hi',
        stream: true,
        reasoning: { effort: 'low', summary: 'auto' },
      }),
    );
    expect(deltas(summarised, 'response.reasoning_summary_text.delta')).toBe('Think about France.');
    const firstText = summarised.findIndex((event) => event.type === 'response.output_text.delta');
    expect(summarised.findLastIndex((event) => event.type === 'response.reasoning_summary_text.delta')).toBeLessThan(
      firstText,
    );
  });

  it('streams raw reasoning text for gpt-oss', async () => {
    server.enqueue({ type: 'text', reasoning: 'Raw chain of thought.', text: 'Done.' });
    const events = await collectParts(
      await client.responses.create({ model: 'openai/gpt-oss-20b', input: 'Hi', stream: true }),
    );
    expect(deltas(events, 'response.reasoning_text.delta')).toBe('Raw chain of thought.');
  });

  it('returns encrypted reasoning when asked, and accepts it back only unaltered', async () => {
    server.enqueue({
      type: 'tool-calls',
      reasoning: 'Need the weather.',
      calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }],
    });
    const first = await client.responses.create({
      model: 'gpt-5',
      input: 'Weather in Paris?',
      tools: [weatherTool],
      store: false,
      include: ['reasoning.encrypted_content'],
    });
    const [reasoning, call] = first.output;
    if (reasoning?.type !== 'reasoning' || call?.type !== 'function_call')
      throw new Error('expected a reasoning item, then a function call');
    expect(reasoning.encrypted_content).toMatch(/^gAAAAA/);

    const replay = (items: ResponseInputItem[]): Promise<unknown> =>
      client.responses.create({
        model: 'gpt-5',
        store: false,
        tools: [weatherTool],
        input: [{ role: 'user', content: 'Weather in Paris?' }, ...items],
      });
    const output: ResponseInputItem = { type: 'function_call_output', call_id: call.call_id, output: 'Sunny' };
    await expect(replay([reasoning, call, output])).resolves.toBeDefined();
    await expect(replay([call, output])).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining(
        `Item '${call.id}' of type 'function_call' was provided without its required 'reasoning' item: '${reasoning.id}'.`,
      ),
    });
    await expect(replay([{ ...reasoning, encrypted_content: 'gAAAAAforged' }, call, output])).rejects.toMatchObject({
      status: 400,
      code: 'invalid_encrypted_content',
    });
    await expect(replay([{ ...reasoning, encrypted_content: null }, call, output])).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('Items are not persisted when `store` is set to false'),
    });
  });

  it('resolves references to items it stored', async () => {
    server.enqueue({ type: 'text', reasoning: 'Hmm.', text: 'Hello.' });
    const first = await client.responses.create({ model: 'o4-mini', input: 'Hi' });
    const [reasoning] = first.output;
    await expect(
      client.responses.create({
        model: 'o4-mini',
        input: [
          { type: 'item_reference', id: reasoning?.id ?? '' },
          { role: 'user', content: 'Again' },
        ],
      }),
    ).resolves.toBeDefined();
    await expect(
      client.responses.create({ model: 'o4-mini', input: [{ type: 'item_reference', id: 'rs_unknown' }] }),
    ).rejects.toMatchObject({ status: 400 });
  });
});

describe('fake Responses API, request checks', () => {
  it.each([
    ['an unknown parameter', { model: 'gpt-4.1', input: 'Hi', seed: 7 }, "Unknown parameter: 'seed'."],
    [
      'temperature on a reasoning model',
      { model: 'gpt-5', input: 'Hi', temperature: 0.2 },
      "Unsupported parameter: 'temperature' is not supported with this model.",
    ],
    [
      'reasoning effort on other models',
      { model: 'gpt-4.1', input: 'Hi', reasoning: { effort: 'low' } },
      "Unsupported parameter: 'reasoning.effort' is not supported with this model.",
    ],
    [
      'a tool output without its call',
      { model: 'gpt-4.1', input: [{ type: 'function_call_output', call_id: 'call_x', output: 'y' }] },
      'No tool call found for function call output with call_id call_x.',
    ],
  ])('refuses %s with 400 as OpenAI does', async (_name, body, message) => {
    const failure = await client.responses.create(body as never).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OpenAI.BadRequestError);
    expect((failure as Error).message).toContain(message);
  });

  it('checks the bearer key', async () => {
    const wrong = new OpenAI({ apiKey: 'wrong', baseURL: server.url, maxRetries: 0 });
    await expect(wrong.responses.create({ model: 'gpt-4.1', input: 'Hi' })).rejects.toBeInstanceOf(
      OpenAI.AuthenticationError,
    );
  });

  it('shows the responder the request in Chat Completions form', async () => {
    server.setResponder(createTeamResponder({ answer: 'Four.' }));
    const voteTool = {
      type: 'function' as const,
      name: 'vote',
      parameters: {
        type: 'object',
        properties: { agent_id: { type: 'string', enum: ['agent1'] }, reason: { type: 'string' } },
      },
      strict: false,
    };
    const response = await client.responses.create({
      model: 'gpt-4.1',
      instructions: 'Be brief.',
      input: [
        { role: 'user', content: 'Two plus two?' },
        { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{}' },
        { type: 'function_call_output', call_id: 'call_1', output: 'Sunny' },
      ],
      tools: [voteTool],
    });
    const [call] = response.output;
    expect(call?.type === 'function_call' && [call.name, JSON.parse(call.arguments)]).toEqual([
      'vote',
      { agent_id: 'agent1', reason: 'agent1 gives a complete and correct answer.' },
    ]);
    expect(server.requests[0]?.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Two plus two?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'Sunny' },
    ]);
    expect(server.requests[0]?.tools.map((tool) => tool.function.name)).toEqual(['vote']);
  });
});

describe('fake Responses API, faults', () => {
  it('fails in-band with response.failed, or with a bare error event', async () => {
    server.enqueue(
      {
        type: 'stream-error',
        afterChunks: 4,
        error: { message: 'Rate limit reached. Please try again in 1.5s.', code: 'rate_limit_exceeded' },
      },
      {
        type: 'stream-error',
        afterChunks: 2,
        event: 'error',
        error: { message: 'The server had an error.', code: 'server_error' },
      },
    );
    const failed = await collectParts(await client.responses.create({ model: 'gpt-4.1', input: 'Hi', stream: true }));
    expect(failed).toHaveLength(5);
    expect(failed.at(-1)).toMatchObject({
      type: 'response.failed',
      response: { status: 'failed', error: { code: 'rate_limit_exceeded' } },
    });
    const errored = await collectParts(await client.responses.create({ model: 'gpt-4.1', input: 'Hi', stream: true }));
    expect(errored.at(-1)).toMatchObject({ type: 'error', code: 'server_error', message: 'The server had an error.' });
  });

  it('drops the connection after some events', async () => {
    server.enqueue({ type: 'drop', afterChunks: 5, reply: { type: 'text', text: 'abcdefghijklmnop' } });
    const events: ResponseStreamEvent[] = [];
    const failure = await (async () => {
      for await (const event of await client.responses.create({ model: 'gpt-4.1', input: 'Hi', stream: true }))
        events.push(event);
    })().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(events).toHaveLength(5);
  });

  it('sends HTTP errors with their headers', async () => {
    server.enqueue({ type: 'error', status: 429, headers: { 'retry-after': '3' } });
    const failure = await client.responses
      .create({ model: 'gpt-4.1', input: 'Hi', stream: true })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OpenAI.RateLimitError);
    expect((failure as InstanceType<typeof OpenAI.RateLimitError>).headers.get('retry-after')).toBe('3');
  });
});
