import type { AssistantMessage, Message } from '@massgen/core';
import { collectParts, failedWeatherLookup, textOf, weatherTool } from '@massgen/testing';
import { describe, expect, it } from 'vitest';
import { createOpenAIBackend } from './openai-backend.js';
import { apiKey, question, useOpenAIBackendServer, warningsOf } from './openai-backend-test-support.js';

const { server, warnings, settings } = useOpenAIBackendServer();

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
        messages: failedWeatherLookup('Looking it up.'),
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
