import type { BackendRequest, BackendSettings } from '@massgen/core';
import { collectParts, failedWeatherLookup, textOf, weatherTool } from '@massgen/testing';
import { expectBackendModule, itStreamsTurns, openAIStreamedTurns, useBackendServer } from '@massgen/testing/vitest';
import { describe, expect, it } from 'vitest';
import * as backendModule from './index.js';
import { createOpenAICompatibleBackend } from './openai-compatible-backend.js';
import { chatCompletionTestServer } from './openai-compatible-test-server.js';

const {
  server,
  warnings,
  settings: settingsOf,
} = useBackendServer({ ...chatCompletionTestServer, apiKey: 'test-key-123456' });
const settings = (overrides: Partial<BackendSettings> = {}) => settingsOf({}, overrides);

const question: BackendRequest = { messages: [{ role: 'user', content: 'What is the capital of France?' }] };

describe('chatcompletion backend streaming', () => {
  itStreamsTurns({
    script: openAIStreamedTurns(server),
    stream: () => createOpenAICompatibleBackend(settings()).stream(question),
    text: { usage: { inputTokens: 20, outputTokens: 8, reasoningTokens: 0, cachedInputTokens: 4 }, rawReason: 'stop' },
    toolCalls: { ids: ['call_0_0', 'call_0_1', 'call_0_2'], rawReason: 'tool_calls' },
  });

  it('maps reasoning_content to reasoning deltas and counts reasoning tokens', async () => {
    server.enqueue({ type: 'text', reasoning: 'Capital of France: Paris.', text: 'Paris.' });
    const parts = await collectParts(createOpenAICompatibleBackend(settings()).stream(question));
    expect(textOf(parts, 'reasoning-delta')).toBe('Capital of France: Paris.');
    expect(textOf(parts, 'text-delta')).toBe('Paris.');
    const lastReasoning = parts.findLastIndex((part) => part.type === 'reasoning-delta');
    expect(lastReasoning).toBeLessThan(parts.findIndex((part) => part.type === 'text-delta'));
    const usage = parts.find((part) => part.type === 'usage');
    expect(usage?.type === 'usage' && usage.usage.reasoningTokens).toBe(
      Math.ceil('Capital of France: Paris.'.length / 4),
    );
  });

  it('reports a length finish and no usage part when the server sends none', async () => {
    server.enqueue({ type: 'text', text: 'Paris is', finishReason: 'length', usage: false });
    const parts = await collectParts(createOpenAICompatibleBackend(settings()).stream(question));
    expect(parts.some((part) => part.type === 'usage')).toBe(false);
    expect(parts.at(-1)).toEqual({ type: 'finish', reason: 'length', rawReason: 'length' });
  });

  it('maps content_filter', async () => {
    server.enqueue({ type: 'text', text: '', finishReason: 'content_filter' });
    const parts = await collectParts(createOpenAICompatibleBackend(settings()).stream(question));
    expect(parts.at(-1)).toEqual({ type: 'finish', reason: 'content-filter', rawReason: 'content_filter' });
  });
});

describe('chatcompletion backend request', () => {
  it('sends the mapped settings, tools, history and extra fields', async () => {
    const backend = createOpenAICompatibleBackend(
      settings({
        options: {
          base_url: server.url,
          api_key: 'test-key-123456',
          headers: { 'x-team': 'massgen' },
          extra_body: { top_k: 20, repetition_penalty: 1.1 },
        },
      }),
    );
    await collectParts(
      backend.stream({
        messages: failedWeatherLookup(''),
        tools: [weatherTool],
        toolChoice: 'required',
        settings: {
          temperature: 0.3,
          topP: 0.9,
          maxOutputTokens: 256,
          reasoningEffort: 'high',
          seed: 7,
          stopSequences: ['END'],
        },
        providerOptions: { top_k: 40, user: 'tester' },
      }),
    );
    const [request] = server.requests;
    expect(request?.headers['authorization']).toBe('Bearer test-key-123456');
    expect(request?.headers['x-team']).toBe('massgen');
    expect(request?.body).toEqual({
      model: 'fake-model',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Weather in Paris?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: 'Error: No data' },
      ],
      tools: [
        {
          type: 'function',
          function: {
            name: 'get_weather',
            description: 'Weather for a city',
            parameters: { type: 'object', properties: { city: { type: 'string' } } },
          },
        },
      ],
      tool_choice: 'required',
      temperature: 0.3,
      top_p: 0.9,
      max_tokens: 256,
      reasoning_effort: 'high',
      seed: 7,
      stop: ['END'],
      top_k: 40,
      repetition_penalty: 1.1,
      user: 'tester',
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('warns about extra fields that would replace what the backend sends, and ignores them', async () => {
    const backend = createOpenAICompatibleBackend(settings());
    const parts = await collectParts(
      backend.stream({ ...question, providerOptions: { stream: false, model: 'other' } }),
    );
    expect(
      parts.filter((part) => part.type === 'warning').map((part) => part.type === 'warning' && part.warning.path),
    ).toEqual(['providerOptions.stream', 'providerOptions.model']);
    expect(server.requests[0]?.body).toMatchObject({ stream: true, model: 'fake-model' });
    expect(parts.at(-1)?.type).toBe('finish');
  });

  it('leaves tool_choice out when no tools are offered', async () => {
    await collectParts(createOpenAICompatibleBackend(settings()).stream({ ...question, toolChoice: 'required' }));
    expect(server.requests[0]?.body).not.toHaveProperty('tool_choice');
    expect(server.requests[0]?.body).not.toHaveProperty('tools');
  });

  it('reads the key at the first call, not at creation', async () => {
    const env: Record<string, string | undefined> = {};
    const backend = createOpenAICompatibleBackend(
      settings({ options: { base_url: server.url, provider: 'groq' }, env }),
    );
    env['GROQ_API_KEY'] = 'test-key-123456';
    const parts = await collectParts(backend.stream(question));
    expect(parts.at(-1)?.type).toBe('finish');
    expect(server.requests[0]?.headers['authorization']).toBe('Bearer test-key-123456');
  });
});

describe('chatcompletion backend module', () => {
  it('satisfies the loader contract', () => {
    expectBackendModule(backendModule, settings(), { provider: 'chatcompletion', modelId: 'fake-model' });
    expect(backendModule.optionsSchema?.safeParse({ base_url: 'not a url' }).success).toBe(false);
  });

  it('serves a preset type such as groq with its key variable', async () => {
    const backend = backendModule.createBackend(
      settings({ type: 'groq', options: { base_url: server.url }, env: { GROQ_API_KEY: 'test-key-123456' } }),
    );
    expect(backend.provider).toBe('groq');
    const parts = await collectParts(backend.stream(question));
    expect(parts.at(-1)?.type).toBe('finish');
    expect(server.requests[0]?.headers['authorization']).toBe('Bearer test-key-123456');
  });

  it("turns on OpenRouter's web search plugin for enable_web_search, under the configured extra_body", async () => {
    const openRouter = (options: Record<string, unknown>) =>
      backendModule.createBackend(
        settings({
          type: 'openrouter',
          options: { base_url: server.url, enable_web_search: true, ...options },
          env: { OPENROUTER_API_KEY: 'test-key-123456' },
        }),
      );
    await collectParts(openRouter({}).stream(question));
    await collectParts(openRouter({ extra_body: { plugins: [{ id: 'web', max_results: 3 }] } }).stream(question));
    expect(server.requests.map((request) => request.body['plugins'])).toEqual([
      [{ id: 'web' }],
      [{ id: 'web', max_results: 3 }],
    ]);
    expect(warnings).toEqual([]);
  });

  it('ignores enable_web_search, with a warning, for a provider without a web search plugin', async () => {
    const backend = backendModule.createBackend(
      settings({
        type: 'groq',
        options: { base_url: server.url, enable_web_search: true },
        env: { GROQ_API_KEY: 'test-key-123456' },
      }),
    );
    await collectParts(backend.stream(question));
    expect(server.requests[0]?.body).not.toHaveProperty('plugins');
    expect(warnings).toEqual([
      {
        code: 'unsupported-feature',
        message:
          'backend.enable_web_search works with OpenRouter and xAI only; groq has no web search of its own, so it is ignored.',
        path: 'backend.enable_web_search',
        agentId: 'agent-a',
      },
    ]);
  });

  it('rejects a missing model when creating the backend', () => {
    expect(() => createOpenAICompatibleBackend(settings({ model: '' }))).toThrow(
      /backend\.model: expected the model name/,
    );
  });
});
