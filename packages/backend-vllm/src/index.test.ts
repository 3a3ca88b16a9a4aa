import { parseOpenAICompatibleOptions, resolveEndpoint } from '@massgen/backend-openai-compatible';
import type { BackendModule, BackendSettings, Warning } from '@massgen/core';
import { backendSettings, collectParts, createFakeOpenAIServer, type FakeOpenAIServer } from '@massgen/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as vllmModule from './index.js';

let server: FakeOpenAIServer;

beforeEach(async () => {
  server = await createFakeOpenAIServer({ chunkSize: 3 });
});

afterEach(async () => {
  await server.close();
});

function settings(overrides: Partial<BackendSettings> = {}): BackendSettings {
  return backendSettings({ type: 'vllm', model: 'Qwen/Qwen3-8B', options: { base_url: server.url }, ...overrides });
}

const question = { messages: [{ role: 'user' as const, content: 'Weather in Paris?' }] };

describe('vllm backend', () => {
  it('is a backend module for type vllm', () => {
    const loaded: BackendModule = vllmModule;
    expect(loaded.specificationVersion).toBe('v1');
    expect(loaded.createBackend(settings())).toMatchObject({
      specificationVersion: 'v1',
      provider: 'vllm',
      modelId: 'Qwen/Qwen3-8B',
    });
    expect(vllmModule.createVLLMBackend).toBe(vllmModule.createBackend);
    expect(loaded.optionsSchema?.safeParse({ base_url: 'localhost:8000' }).success).toBe(false);
  });

  it('talks to vllm serve on port 8000 unless told otherwise', () => {
    const endpoint = resolveEndpoint(
      vllmModule.vllmDefinition,
      parseOpenAICompatibleOptions(settings({ options: {} })),
    );
    expect(endpoint).toEqual({
      baseUrl: 'http://localhost:8000/v1',
      providerName: 'vLLM',
      apiKeyEnvironmentVariable: 'VLLM_API_KEY',
      requiresApiKey: false,
    });
  });

  it('needs no key, and sends VLLM_API_KEY to a server started with --api-key', async () => {
    const open = await collectParts(vllmModule.createBackend(settings()).stream(question));
    expect(open.at(-1)?.type).toBe('finish');
    expect(server.requests[0]?.headers['authorization']).toBe('Bearer massgen-no-key');

    const guarded = await createFakeOpenAIServer({ apiKey: 'vllm-secret' });
    try {
      const backend = vllmModule.createBackend(
        settings({ options: { base_url: guarded.url }, env: { VLLM_API_KEY: 'vllm-secret' } }),
      );
      expect((await collectParts(backend.stream(question))).at(-1)?.type).toBe('finish');
      const unkeyed = await collectParts(
        vllmModule.createBackend(settings({ options: { base_url: guarded.url } })).stream(question),
      );
      expect(unkeyed.at(-1)).toMatchObject({ type: 'error', error: { code: 'BACKEND_AUTH', provider: 'vllm' } });
    } finally {
      await guarded.close();
    }
  });

  it('streams a tool call assembled from argument pieces', async () => {
    server.enqueue({
      type: 'tool-calls',
      calls: [{ name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' } }],
    });
    const parts = await collectParts(vllmModule.createBackend(settings()).stream(question));
    expect(parts.filter((part) => part.type === 'tool-call')).toEqual([
      { type: 'tool-call', id: 'call_0_0', name: 'get_weather', input: '{"city":"Paris","unit":"celsius"}' },
    ]);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', reason: 'tool-calls' });
  });

  it("sends vLLM's own sampling fields, such as top_k and chat_template_kwargs, and checks them", async () => {
    const warnings: Warning[] = [];
    const options = {
      base_url: server.url,
      top_k: 50,
      min_p: 0.05,
      chat_template_kwargs: { enable_thinking: true },
    };
    const backend = vllmModule.createBackend(settings({ options, warn: (warning) => warnings.push(warning) }));
    expect((await collectParts(backend.stream(question))).at(-1)?.type).toBe('finish');
    expect(server.requests[0]?.body).toMatchObject({
      top_k: 50,
      min_p: 0.05,
      chat_template_kwargs: { enable_thinking: true },
    });
    expect(warnings).toEqual([]);
    expect(() => vllmModule.createBackend(settings({ options: { base_url: server.url, top_k: 2.5 } }))).toThrow(
      /backend\.top_k: expected a whole number/,
    );
  });
});
