import { parseOpenAICompatibleOptions, resolveEndpoint } from '@massgen/backend-openai-compatible';
import type { BackendSettings } from '@massgen/core';
import { backendSettings, collectParts, createFakeOpenAIServer } from '@massgen/testing';
import { expectBackendModule, useFakeServer } from '@massgen/testing/vitest';
import { describe, expect, it } from 'vitest';
import * as grokModule from './index.js';

const xaiKey = 'xai-test-4f8a2c9e';
const server = useFakeServer(() => createFakeOpenAIServer({ apiKey: xaiKey, chunkSize: 3 }));

function settings(overrides: Partial<BackendSettings> = {}): BackendSettings {
  return backendSettings({
    type: 'grok',
    model: 'grok-3-mini',
    options: { base_url: server.url },
    env: { XAI_API_KEY: xaiKey },
    ...overrides,
  });
}

const question = { messages: [{ role: 'user' as const, content: 'Weather in Paris?' }] };

describe('grok backend', () => {
  it('is a backend module for type grok', () => {
    expectBackendModule(grokModule, settings(), { provider: 'grok', modelId: 'grok-3-mini' });
    expect(grokModule.createGrokBackend).toBe(grokModule.createBackend);
  });

  it('talks to api.x.ai unless told otherwise', () => {
    const endpoint = resolveEndpoint(
      grokModule.grokDefinition,
      parseOpenAICompatibleOptions(settings({ options: {} })),
    );
    expect(endpoint).toEqual({
      baseUrl: 'https://api.x.ai/v1',
      providerName: 'xAI',
      apiKeyEnvironmentVariable: 'XAI_API_KEY',
      requiresApiKey: true,
    });
  });

  it('sends XAI_API_KEY, and names the variable when it is missing', async () => {
    expect((await collectParts(grokModule.createBackend(settings()).stream(question))).at(-1)?.type).toBe('finish');
    expect(server.requests[0]?.headers['authorization']).toBe(`Bearer ${xaiKey}`);

    const missing = await collectParts(grokModule.createBackend(settings({ env: {} })).stream(question));
    expect(missing.at(-1)).toMatchObject({
      type: 'error',
      error: { code: 'BACKEND_MISSING_KEY', provider: 'grok', message: expect.stringContaining('XAI_API_KEY') },
    });
    expect(server.requests).toHaveLength(1);
  });

  it("refuses another provider's key for api.x.ai by that provider's name, without sending it", async () => {
    const anthropicKey = 'sk-ant-api03-0123456789';
    const parts = await collectParts(
      grokModule.createBackend(settings({ options: {}, env: { XAI_API_KEY: anthropicKey } })).stream(question),
    );
    const last = parts.at(-1);
    expect(last).toMatchObject({
      type: 'error',
      error: { code: 'BACKEND_AUTH', message: expect.stringContaining('Anthropic') },
    });
    expect(JSON.stringify(last)).not.toContain(anthropicKey);
  });

  it('streams reasoning and a tool call assembled from argument pieces', async () => {
    server.enqueue({
      type: 'tool-calls',
      reasoning: 'The user wants weather.',
      calls: [{ name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' } }],
    });
    const parts = await collectParts(grokModule.createBackend(settings()).stream(question));
    expect(parts.map((part) => (part.type === 'reasoning-delta' ? part.text : '')).join('')).toBe(
      'The user wants weather.',
    );
    expect(parts.filter((part) => part.type === 'tool-call')).toEqual([
      { type: 'tool-call', id: 'call_0_0', name: 'get_weather', input: '{"city":"Paris","unit":"celsius"}' },
    ]);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', reason: 'tool-calls' });
  });
});
