import { collectParts, weatherTool } from '@massgen/testing';
import { describe, expect, it } from 'vitest';
import { createOpenAIBackend } from './openai-backend.js';
import { optionsSchema } from './openai-options.js';
import { apiKey, question, useOpenAIBackendServer, warningsOf } from './openai-backend-test-support.js';

const { server, settings } = useOpenAIBackendServer();

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
