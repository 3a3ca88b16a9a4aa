import { parseOpenAICompatibleOptions, resolveEndpoint } from '@massgen/backend-openai-compatible';
import type { BackendModule, BackendSettings } from '@massgen/core';
import { backendSettings, collectParts, createFakeOpenAIServer, type FakeOpenAIServer } from '@massgen/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as sglangModule from './index.js';

let server: FakeOpenAIServer;

beforeEach(async () => {
  server = await createFakeOpenAIServer({ chunkSize: 3 });
});

afterEach(async () => {
  await server.close();
});

function settings(overrides: Partial<BackendSettings> = {}): BackendSettings {
  return backendSettings({ type: 'sglang', model: 'Qwen/Qwen3-8B', options: { base_url: server.url }, ...overrides });
}

const question = { messages: [{ role: 'user' as const, content: 'Weather in Paris?' }] };

describe('sglang backend', () => {
  it('is a backend module for type sglang', () => {
    const loaded: BackendModule = sglangModule;
    expect(loaded.specificationVersion).toBe('v1');
    expect(loaded.createBackend(settings())).toMatchObject({
      specificationVersion: 'v1',
      provider: 'sglang',
      modelId: 'Qwen/Qwen3-8B',
    });
    expect(sglangModule.createSGLangBackend).toBe(sglangModule.createBackend);
    expect(loaded.optionsSchema?.safeParse({ base_url: 'localhost:30000' }).success).toBe(false);
  });

  it('talks to the SGLang server on port 30000 unless told otherwise', () => {
    const endpoint = resolveEndpoint(
      sglangModule.sglangDefinition,
      parseOpenAICompatibleOptions(settings({ options: {} })),
    );
    expect(endpoint).toEqual({
      baseUrl: 'http://localhost:30000/v1',
      providerName: 'SGLang',
      apiKeyEnvironmentVariable: 'SGLANG_API_KEY',
      requiresApiKey: false,
    });
  });

  it('needs no key, and sends SGLANG_API_KEY to a server started with --api-key', async () => {
    const open = await collectParts(sglangModule.createBackend(settings()).stream(question));
    expect(open.at(-1)?.type).toBe('finish');
    expect(server.requests[0]?.headers['authorization']).toBe('Bearer massgen-no-key');

    const guarded = await createFakeOpenAIServer({ apiKey: 'sglang-secret' });
    try {
      const backend = sglangModule.createBackend(
        settings({ options: { base_url: guarded.url }, env: { SGLANG_API_KEY: 'sglang-secret' } }),
      );
      expect((await collectParts(backend.stream(question))).at(-1)?.type).toBe('finish');
      const unkeyed = await collectParts(
        sglangModule.createBackend(settings({ options: { base_url: guarded.url } })).stream(question),
      );
      expect(unkeyed.at(-1)).toMatchObject({ type: 'error', error: { code: 'BACKEND_AUTH', provider: 'sglang' } });
    } finally {
      await guarded.close();
    }
  });

  it('streams a tool call assembled from argument pieces', async () => {
    server.enqueue({
      type: 'tool-calls',
      calls: [{ name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' } }],
    });
    const parts = await collectParts(sglangModule.createBackend(settings()).stream(question));
    expect(parts.filter((part) => part.type === 'tool-call')).toEqual([
      { type: 'tool-call', id: 'call_0_0', name: 'get_weather', input: '{"city":"Paris","unit":"celsius"}' },
    ]);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', reason: 'tool-calls' });
  });
});
