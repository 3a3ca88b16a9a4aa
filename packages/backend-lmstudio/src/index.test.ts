import { parseOpenAICompatibleOptions, resolveEndpoint } from '@massgen/backend-openai-compatible';
import type { BackendModule, BackendSettings } from '@massgen/core';
import { backendSettings, collectParts, createFakeOpenAIServer, type FakeOpenAIServer } from '@massgen/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as lmStudioModule from './index.js';

let server: FakeOpenAIServer;

beforeEach(async () => {
  server = await createFakeOpenAIServer({ chunkSize: 3 });
});

afterEach(async () => {
  await server.close();
});

function settings(overrides: Partial<BackendSettings> = {}): BackendSettings {
  return backendSettings({
    type: 'lmstudio',
    model: 'qwen2.5-7b-instruct',
    options: { base_url: server.url },
    ...overrides,
  });
}

const question = { messages: [{ role: 'user' as const, content: 'Weather in Paris?' }] };

describe('lmstudio backend', () => {
  it('is a backend module for type lmstudio', () => {
    const loaded: BackendModule = lmStudioModule;
    expect(loaded.specificationVersion).toBe('v1');
    expect(loaded.createBackend(settings())).toMatchObject({
      specificationVersion: 'v1',
      provider: 'lmstudio',
      modelId: 'qwen2.5-7b-instruct',
    });
    expect(lmStudioModule.createLMStudioBackend).toBe(lmStudioModule.createBackend);
  });

  it('talks to the LM Studio server on port 1234 unless told otherwise', () => {
    const endpoint = resolveEndpoint(
      lmStudioModule.lmStudioDefinition,
      parseOpenAICompatibleOptions(settings({ options: {} })),
    );
    expect(endpoint).toEqual({ baseUrl: 'http://localhost:1234/v1', providerName: 'LM Studio', requiresApiKey: false });
  });

  it('asks for no key and reads none from the environment, but sends a configured one', async () => {
    const backend = lmStudioModule.createBackend(settings({ env: { OPENAI_API_KEY: 'sk-proj-not-for-lmstudio' } }));
    expect((await collectParts(backend.stream(question))).at(-1)?.type).toBe('finish');
    expect(server.requests[0]?.headers['authorization']).toBe('Bearer massgen-no-key');

    await collectParts(
      lmStudioModule
        .createBackend(settings({ options: { base_url: server.url, api_key: 'proxy-token' } }))
        .stream(question),
    );
    expect(server.requests[1]?.headers['authorization']).toBe('Bearer proxy-token');
  });

  it('streams a tool call assembled from argument pieces', async () => {
    server.enqueue({
      type: 'tool-calls',
      calls: [{ name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' } }],
    });
    const parts = await collectParts(lmStudioModule.createBackend(settings()).stream(question));
    expect(parts.filter((part) => part.type === 'tool-call')).toEqual([
      { type: 'tool-call', id: 'call_0_0', name: 'get_weather', input: '{"city":"Paris","unit":"celsius"}' },
    ]);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', reason: 'tool-calls' });
  });
});
