import type {
  AssistantMessage,
  BackendModule,
  BackendRequest,
  BackendSettings,
  Message,
  StreamPart,
  Warning,
} from '@massgen/core';
import { collectParts, createFakeOpenAIServer, createTeamResponder } from '@massgen/testing';
import { useFakeServer } from '@massgen/testing/vitest';
import { beforeEach, describe, expect, it } from 'vitest';
import * as openAIModule from './index.js';
import { createOpenAIBackend } from './openai-backend.js';
import { optionsSchema } from './openai-options.js';

const apiKey = 'test-key-5c1e9a77';
const server = useFakeServer(() => createFakeOpenAIServer({ apiKey }));
let warnings: Warning[];

beforeEach(() => {
  warnings = [];
});

function settings(model: string, options: Record<string, unknown> = {}): BackendSettings {
  return {
    agentId: 'agent-a',
    type: 'openai',
    model,
    options: { base_url: server.url, api_key: apiKey, ...options },
    env: {},
    warn: (warning) => warnings.push(warning),
  };
}

function textOf(parts: StreamPart[], type: 'text-delta' | 'reasoning-delta'): string {
  return parts.map((part) => (part.type === type ? part.text : '')).join('');
}

function warningsOf(parts: StreamPart[]): Warning[] {
  return parts.flatMap((part) => (part.type === 'warning' ? [part.warning] : []));
}

const question: BackendRequest = { messages: [{ role: 'user', content: 'Weather in Paris?' }] };
const weatherTool = {
  name: 'get_weather',
  description: 'Weather for a city',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
};

describe('openai backend, Responses API streaming', () => {
  it('streams text deltas, usage with cached tokens, and a stop finish', async () => {
    server.enqueue({
      type: 'text',
      text: 'Sunny and mild in Paris.',
      usage: { promptTokens: 30, completionTokens: 6, cachedTokens: 12 },
    });
    const parts = await collectParts(createOpenAIBackend(settings('gpt-4.1')).stream(question));
    expect(parts.filter((part) => part.type === 'text-delta').length).toBeGreaterThan(3);
    expect(textOf(parts, 'text-delta')).toBe('Sunny and mild in Paris.');
    expect(parts.filter((part) => part.type === 'usage')).toEqual([
      { type: 'usage', usage: { inputTokens: 30, outputTokens: 6, reasoningTokens: 0, cachedInputTokens: 12 } },
    ]);
    expect(parts.at(-1)).toEqual({ type: 'finish', reason: 'stop', rawReason: 'completed' });
    expect(server.requests[0]).toMatchObject({ api: 'responses', path: '/v1/responses' });
  });

  it('emits each function call once, complete, from arguments split across events', async () => {
    server.enqueue({
      type: 'tool-calls',
      text: 'Checking both.',
      calls: [
        { name: 'get_weather', arguments: { city: 'Paris', days: 3 } },
        { name: 'get_weather', arguments: { city: 'Lyon' } },
        { name: 'now', arguments: '' },
      ],
    });
    const parts = await collectParts(
      createOpenAIBackend(settings('gpt-4.1')).stream({ ...question, tools: [weatherTool] }),
    );
    expect(textOf(parts, 'text-delta')).toBe('Checking both.');
    expect(parts.filter((part) => part.type === 'tool-call')).toEqual([
      { type: 'tool-call', id: 'call_0_0', name: 'get_weather', input: '{"city":"Paris","days":3}' },
      { type: 'tool-call', id: 'call_0_1', name: 'get_weather', input: '{"city":"Lyon"}' },
      { type: 'tool-call', id: 'call_0_2', name: 'now', input: '{}' },
    ]);
    expect(parts.at(-1)).toEqual({ type: 'finish', reason: 'tool-calls', rawReason: 'completed' });
  });

  it('streams the reasoning summary before the text, and counts reasoning tokens', async () => {
    server.enqueue({
      type: 'text',
      reasoning: 'Paris weather: check the forecast.',
      text: 'Sunny.',
      usage: { reasoningTokens: 40, completionTokens: 42 },
    });
    const parts = await collectParts(
      createOpenAIBackend(settings('gpt-5-mini', { reasoning: { summary: 'auto' } })).stream(question),
    );
    expect(textOf(parts, 'reasoning-delta')).toBe('Paris weather: check the forecast.');
    expect(parts.findLastIndex((part) => part.type === 'reasoning-delta')).toBeLessThan(
      parts.findIndex((part) => part.type === 'text-delta'),
    );
    expect(parts.find((part) => part.type === 'usage')).toMatchObject({
      usage: { reasoningTokens: 40, outputTokens: 42 },
    });
    expect(server.requests[0]?.body['reasoning']).toEqual({ summary: 'auto' });
  });

  it('streams the raw reasoning text of gpt-oss', async () => {
    server.enqueue({ type: 'text', reasoning: 'Raw thoughts.', text: 'Done.' });
    const parts = await collectParts(createOpenAIBackend(settings('gpt-oss-120b')).stream(question));
    expect(textOf(parts, 'reasoning-delta')).toBe('Raw thoughts.');
  });

  it('reports a response cut at max_output_tokens as a length finish', async () => {
    server.enqueue({ type: 'text', text: 'Sunny and', finishReason: 'length' });
    const parts = await collectParts(
      createOpenAIBackend(settings('gpt-4.1')).stream({ ...question, settings: { maxOutputTokens: 3 } }),
    );
    expect(parts.at(-1)).toEqual({ type: 'finish', reason: 'length', rawReason: 'max_output_tokens' });
    expect(server.requests[0]?.body['max_output_tokens']).toBe(3);
  });
});

describe('openai backend, the request', () => {
  it('sends settings, tools, tool choice and history with tool results in Responses form', async () => {
    const backend = createOpenAIBackend(
      settings('gpt-4.1', {
        headers: { 'x-team': 'massgen' },
        text: { verbosity: 'low' },
        extra_body: { metadata: { run: 'r1' } },
      }),
    );
    await collectParts(
      backend.stream({
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Weather in Paris?' },
          {
            role: 'assistant',
            content: 'Looking it up.',
            toolCalls: [{ id: 'call_1', name: 'get_weather', input: '{"city":"Paris"}' }],
          },
          { role: 'tool', toolCallId: 'call_1', toolName: 'get_weather', content: 'No data', isError: true },
        ],
        tools: [weatherTool],
        toolChoice: 'required',
        settings: { temperature: 0.3, topP: 0.9, maxOutputTokens: 256 },
        providerOptions: { user: 'tester', stream: false },
      }),
    );
    const [request] = server.requests;
    expect(request?.headers['authorization']).toBe(`Bearer ${apiKey}`);
    expect(request?.headers['x-team']).toBe('massgen');
    expect(request?.body).toEqual({
      model: 'gpt-4.1',
      input: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'assistant', content: 'Looking it up.' },
        { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { type: 'function_call_output', call_id: 'call_1', output: 'Error: No data' },
      ],
      tools: [
        {
          type: 'function',
          name: 'get_weather',
          description: 'Weather for a city',
          parameters: weatherTool.inputSchema,
          strict: false,
        },
      ],
      tool_choice: 'required',
      temperature: 0.3,
      top_p: 0.9,
      max_output_tokens: 256,
      text: { verbosity: 'low' },
      store: false,
      metadata: { run: 'r1' },
      user: 'tester',
      stream: true,
    });
  });

  it('asks a reasoning model for its effort and encrypted reasoning, with instructions as developer messages', async () => {
    await collectParts(
      createOpenAIBackend(settings('o4-mini', { reasoning: { summary: 'detailed' } })).stream({
        messages: [{ role: 'system', content: 'Be brief.' }, ...question.messages],
        settings: { reasoningEffort: 'high' },
      }),
    );
    expect(server.requests[0]?.body).toMatchObject({
      reasoning: { summary: 'detailed', effort: 'high' },
      include: ['reasoning.encrypted_content'],
      store: false,
      input: [
        { role: 'developer', content: 'Be brief.' },
        { role: 'user', content: 'Weather in Paris?' },
      ],
    });
  });

  it('sends parallel_tool_calls with tools only, since OpenAI refuses it without them', async () => {
    const backend = createOpenAIBackend(settings('gpt-4.1', { parallel_tool_calls: false }));
    await collectParts(backend.stream({ ...question, tools: [weatherTool] }));
    await collectParts(backend.stream(question));
    expect(server.requests.map((request) => request.body['parallel_tool_calls'])).toEqual([false, undefined]);
    expect(warnings).toEqual([]);
  });

  it('keeps the reasoning on OpenAI’s side when store is on', async () => {
    await collectParts(createOpenAIBackend(settings('o4-mini', { store: true })).stream(question));
    expect(server.requests[0]?.body['store']).toBe(true);
    expect(server.requests[0]?.body).not.toHaveProperty('include');
  });

  it('leaves out what the model refuses, warning once per backend, so OpenAI does not answer 400', async () => {
    const backend = createOpenAIBackend(settings('gpt-5', { reasoning: { effort: 'minimal' } }));
    const request = { ...question, settings: { temperature: 0.7, topP: 0.5 } };
    const first = await collectParts(backend.stream(request));
    const second = await collectParts(backend.stream(request));
    expect(first.at(-1)?.type).toBe('finish');
    expect(second.at(-1)?.type).toBe('finish');
    expect(warningsOf(first).map((warning) => [warning.code, warning.path, warning.agentId])).toEqual([
      ['unsupported-setting', 'backend.temperature', 'agent-a'],
      ['unsupported-setting', 'backend.top_p', 'agent-a'],
    ]);
    expect(warningsOf(first)[0]?.message).toContain('gpt-5 is a reasoning model');
    expect(warningsOf(second)).toEqual([]);
    expect(server.requests[0]?.body).not.toHaveProperty('temperature');
    expect(server.requests[0]?.body['reasoning']).toEqual({ effort: 'minimal' });

    const classic = await collectParts(
      createOpenAIBackend(settings('gpt-4.1', { reasoning: { summary: 'auto' } })).stream({
        ...question,
        settings: { reasoningEffort: 'high' },
      }),
    );
    expect(classic.at(-1)?.type).toBe('finish');
    expect(warningsOf(classic).map((warning) => warning.path)).toEqual([
      'backend.reasoning.effort',
      'backend.reasoning',
    ]);
    expect(server.requests[2]?.body).not.toHaveProperty('reasoning');
  });

  it('warns about request fields the backend owns and ignores them', async () => {
    const parts = await collectParts(
      createOpenAIBackend(settings('gpt-4.1')).stream({ ...question, providerOptions: { model: 'other', input: 'x' } }),
    );
    expect(warningsOf(parts).map((warning) => warning.path)).toEqual([
      'providerOptions.model',
      'providerOptions.input',
    ]);
    expect(server.requests[0]?.body).toMatchObject({ model: 'gpt-4.1', stream: true });
  });
});

describe('openai backend, reasoning carried through a tool call', () => {
  it('gives the reasoning back, encrypted, on the next call of the turn, as OpenAI requires', async () => {
    server.enqueue(
      {
        type: 'tool-calls',
        reasoning: 'I need the forecast first.',
        calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }],
      },
      { type: 'text', reasoning: 'The tool says sunny.', text: 'Sunny in Paris.' },
    );
    const backend = createOpenAIBackend(settings('gpt-5', { reasoning: { summary: 'auto' } }));
    const first = await collectParts(backend.stream({ ...question, tools: [weatherTool] }));
    const metadata = first.find((part) => part.type === 'provider-metadata');
    if (metadata?.type !== 'provider-metadata')
      throw new Error('expected provider metadata after a reasoning response');
    const call = first.find((part) => part.type === 'tool-call');
    if (call?.type !== 'tool-call') throw new Error('expected a tool call');

    const assistant: AssistantMessage = {
      role: 'assistant',
      content: '',
      toolCalls: [{ id: call.id, name: call.name, input: call.input }],
      providerMetadata: metadata.metadata,
    };
    const history: Message[] = [
      ...question.messages,
      assistant,
      { role: 'tool', toolCallId: call.id, toolName: call.name, content: 'Sunny, 24°C' },
    ];
    const second = await collectParts(backend.stream({ messages: history, tools: [weatherTool] }));
    expect(second.at(-1)?.type).toBe('finish');
    expect(textOf(second, 'text-delta')).toBe('Sunny in Paris.');
    const input = server.requests[1]?.body['input'] as Array<Record<string, unknown>>;
    expect(input.map((item) => item['type'] ?? item['role'])).toEqual([
      'user',
      'reasoning',
      'function_call',
      'function_call_output',
    ]);
    expect(input[1]).toMatchObject({
      id: 'rs_fake_0_0',
      summary: [{ type: 'summary_text', text: 'I need the forecast first.' }],
      encrypted_content: expect.stringMatching(/^gAAAAA/),
    });
    expect(input[2]).toMatchObject({ id: 'fc_fake_0_1', call_id: call.id });
  });

  it('is refused by OpenAI when the reasoning is not given back with its call', async () => {
    server.enqueue({
      type: 'tool-calls',
      reasoning: 'Forecast first.',
      calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }],
    });
    const backend = createOpenAIBackend(settings('gpt-5'));
    const first = await collectParts(backend.stream({ ...question, tools: [weatherTool] }));
    const metadata = first.find((part) => part.type === 'provider-metadata');
    const call = first.find((part) => part.type === 'tool-call');
    if (metadata?.type !== 'provider-metadata' || call?.type !== 'tool-call')
      throw new Error('expected metadata and a call');
    const outputItems = (metadata.metadata['openai'] as { outputItems: Array<{ type: string }> }).outputItems.filter(
      (item) => item.type !== 'reasoning',
    );
    const assistant: AssistantMessage = {
      role: 'assistant',
      content: '',
      toolCalls: [{ id: call.id, name: call.name, input: call.input }],
      providerMetadata: { openai: { outputItems } },
    };
    const second = await collectParts(
      backend.stream({
        messages: [
          ...question.messages,
          assistant,
          { role: 'tool', toolCallId: call.id, toolName: call.name, content: 'Sunny' },
        ],
      }),
    );
    expect(second.at(-1)).toMatchObject({
      type: 'error',
      error: { code: 'BACKEND_BAD_REQUEST', message: expect.stringContaining("without its required 'reasoning' item") },
    });
  });
});

describe('openai backend, Chat Completions', () => {
  it('uses Chat Completions with api: chat, sending the organization header and verbosity', async () => {
    server.enqueue({ type: 'tool-calls', calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] });
    const backend = createOpenAIBackend(
      settings('gpt-4.1', { api: 'chat', organization: 'org-massgen', text: { verbosity: 'high' } }),
    );
    const parts = await collectParts(
      backend.stream({
        ...question,
        tools: [weatherTool],
        settings: { temperature: 0.2, seed: 4, stopSequences: ['END'] },
      }),
    );
    expect(parts.filter((part) => part.type === 'tool-call')).toEqual([
      { type: 'tool-call', id: 'call_0_0', name: 'get_weather', input: '{"city":"Paris"}' },
    ]);
    const [request] = server.requests;
    expect(request).toMatchObject({ api: 'chat-completions', path: '/v1/chat/completions' });
    expect(request?.headers['openai-organization']).toBe('org-massgen');
    expect(request?.body).toMatchObject({
      model: 'gpt-4.1',
      temperature: 0.2,
      seed: 4,
      stop: ['END'],
      verbosity: 'high',
    });
    expect(warningsOf(parts)).toEqual([]);
  });

  it('keeps the organization, verbosity and parallel_tool_calls when the runtime parsed the options first', async () => {
    const options = {
      base_url: server.url,
      api_key: apiKey,
      api: 'chat',
      organization: 'org-massgen',
      text: { verbosity: 'low' },
      parallel_tool_calls: false,
    };
    const backend = createOpenAIBackend({
      ...settings('gpt-4.1'),
      options,
      parsedOptions: optionsSchema.parse(options),
    });
    await collectParts(backend.stream({ ...question, tools: [weatherTool] }));
    const [request] = server.requests;
    expect(request?.api).toBe('chat-completions');
    expect(request?.headers['openai-organization']).toBe('org-massgen');
    expect(request?.body).toMatchObject({ verbosity: 'low', parallel_tool_calls: false });
  });

  it('switches to Chat Completions for settings only it accepts, saying so once', async () => {
    const backend = createOpenAIBackend(settings('gpt-4.1'));
    const first = await collectParts(backend.stream({ ...question, settings: { seed: 11 } }));
    const second = await collectParts(backend.stream({ ...question, settings: { seed: 11 } }));
    expect(server.requests.map((request) => request.api)).toEqual(['chat-completions', 'chat-completions']);
    expect(warningsOf(first)).toEqual([
      expect.objectContaining({ code: 'api-choice', message: expect.stringContaining('does not accept seed') }),
    ]);
    expect(warningsOf(second)).toEqual([]);
  });

  it('drops chat-only settings instead when the Responses API is required', async () => {
    const parts = await collectParts(
      createOpenAIBackend(settings('gpt-4.1', { api: 'responses' })).stream({
        ...question,
        settings: { seed: 11, stopSequences: ['END'] },
      }),
    );
    expect(parts.at(-1)?.type).toBe('finish');
    expect(warningsOf(parts).map((warning) => warning.path ?? warning.message)).toEqual([
      'backend.seed',
      'stop sequences was left out: the Responses API does not accept them (api: chat does).',
    ]);
    expect(server.requests[0]?.api).toBe('responses');
  });

  it('sends models that exist only on Chat Completions there', async () => {
    await collectParts(createOpenAIBackend(settings('gpt-4o-mini-search-preview')).stream(question));
    expect(server.requests[0]?.api).toBe('chat-completions');
  });
});

describe('openai backend module', () => {
  it('satisfies the loader contract', () => {
    const loaded: BackendModule = openAIModule;
    expect(loaded.specificationVersion).toBe('v1');
    expect(loaded.createBackend(settings('gpt-5'))).toMatchObject({
      specificationVersion: 'v1',
      provider: 'openai',
      modelId: 'gpt-5',
    });
    expect(loaded.optionsSchema?.safeParse({ api: 'assistants' }).success).toBe(false);
    expect(
      loaded.optionsSchema?.safeParse({ reasoning: { summary: 'auto' }, store: true, organization: 'org-1' }).success,
    ).toBe(true);
  });

  it('rejects a missing model when creating the backend, and warns about unknown keys', () => {
    expect(() => createOpenAIBackend(settings(''))).toThrow(/backend\.model: expected the OpenAI model/);
    createOpenAIBackend(settings('gpt-5', { enable_code_execution: true }));
    expect(warnings).toEqual([expect.objectContaining({ code: 'unknown-key', path: 'backend.enable_code_execution' })]);
  });

  it('plays a team member over the Responses API: answers, then votes, then presents', async () => {
    server.setResponder(createTeamResponder({ answer: 'Paris.', finalText: 'Final: Paris.' }));
    const backend = createOpenAIBackend(settings('gpt-5-mini'));
    const newAnswer = {
      name: 'new_answer',
      description: 'Submit an answer',
      inputSchema: { type: 'object', properties: { content: { type: 'string' } } },
    };
    const vote = {
      name: 'vote',
      description: 'Vote',
      inputSchema: {
        type: 'object',
        properties: { agent_id: { type: 'string', enum: ['agent1'] }, reason: { type: 'string' } },
      },
    };
    const answered = await collectParts(backend.stream({ ...question, tools: [newAnswer] }));
    expect(answered.find((part) => part.type === 'tool-call')).toMatchObject({
      name: 'new_answer',
      input: '{"content":"Paris."}',
    });
    const voted = await collectParts(backend.stream({ ...question, tools: [newAnswer, vote] }));
    expect(voted.find((part) => part.type === 'tool-call')).toMatchObject({ name: 'vote' });
    expect(textOf(await collectParts(backend.stream(question)), 'text-delta')).toBe('Final: Paris.');
  });
});
