import { describeServerBackend } from '@massgen/backend-openai-compatible/testing';
import type { BackendSettings, Warning } from '@massgen/core';
import { backendSettings, collectParts, createFakeOpenAIServer } from '@massgen/testing';
import { useFakeServer } from '@massgen/testing/vitest';
import { describe, expect, it } from 'vitest';
import * as vllmModule from './index.js';

describeServerBackend({
  module: vllmModule,
  namedCreate: vllmModule.createVLLMBackend,
  definition: vllmModule.vllmDefinition,
  model: 'Qwen/Qwen3-8B',
  endpoint: {
    baseUrl: 'http://localhost:8000/v1',
    providerName: 'vLLM',
    apiKeyEnvironmentVariable: 'VLLM_API_KEY',
    requiresApiKey: false,
  },
  keyVariable: 'VLLM_API_KEY',
});

const server = useFakeServer(() => createFakeOpenAIServer({ chunkSize: 3 }));

function settings(overrides: Partial<BackendSettings> = {}): BackendSettings {
  return backendSettings({ type: 'vllm', model: 'Qwen/Qwen3-8B', options: { base_url: server.url }, ...overrides });
}

const question = { messages: [{ role: 'user' as const, content: 'Weather in Paris?' }] };

describe('vllm backend', () => {
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
