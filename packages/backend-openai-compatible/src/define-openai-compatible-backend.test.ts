import type { BackendSettings } from '@massgen/core';
import { collectParts, createFakeOpenAIServer } from '@massgen/testing';
import { useFakeServer } from '@massgen/testing/vitest';
import { describe, expect, it } from 'vitest';
import { defineOpenAICompatibleBackend } from './define-openai-compatible-backend.js';

const server = useFakeServer(() => createFakeOpenAIServer());

function settings(overrides: Partial<BackendSettings>): BackendSettings {
  return { agentId: 'agent-a', type: 'x', model: '', options: {}, env: {}, warn: () => {}, ...overrides };
}

describe('defineOpenAICompatibleBackend', () => {
  it('builds a local backend that needs no key and has a default model', async () => {
    const local = defineOpenAICompatibleBackend({
      type: 'local-server',
      defaultBaseUrl: server.url,
      requiresApiKey: false,
      defaultModel: 'default-model',
    });
    const backend = local.createBackend(settings({ type: 'local-server' }));
    expect(backend).toMatchObject({ provider: 'local-server', modelId: 'default-model' });
    const parts = await collectParts(backend.stream({ messages: [{ role: 'user', content: 'Hi' }] }));
    expect(parts.at(-1)?.type).toBe('finish');
    expect(server.requests[0]?.body['model']).toBe('default-model');
    expect(server.requests[0]?.headers['authorization']).toBe('Bearer massgen-no-key');
  });

  it("reads a hosted backend's key from its own variable and names it when missing", async () => {
    const hosted = defineOpenAICompatibleBackend({
      type: 'hosted',
      defaultBaseUrl: server.url,
      apiKeyEnvironmentVariable: 'HOSTED_API_KEY',
      requiresApiKey: true,
      displayName: 'Hosted',
    });
    const missing = await collectParts(
      hosted
        .createBackend(settings({ type: 'hosted', model: 'm' }))
        .stream({ messages: [{ role: 'user', content: 'Hi' }] }),
    );
    expect(missing.at(-1)).toMatchObject({ type: 'error', error: { code: 'BACKEND_MISSING_KEY', provider: 'hosted' } });
    expect(missing.at(-1)?.type === 'error' && missing.at(-1)).toMatchObject({
      error: { message: expect.stringContaining('HOSTED_API_KEY') },
    });

    const present = await collectParts(
      hosted
        .createBackend(settings({ type: 'hosted', model: 'm', env: { HOSTED_API_KEY: 'hosted-secret' } }))
        .stream({ messages: [{ role: 'user', content: 'Hi' }] }),
    );
    expect(present.at(-1)?.type).toBe('finish');
    expect(server.requests[0]?.headers['authorization']).toBe('Bearer hosted-secret');
  });

  it('builds its client with the definition’s factory, from the options the default client would get', async () => {
    const seen: Array<Record<string, unknown>> = [];
    const custom = defineOpenAICompatibleBackend({
      type: 'custom',
      defaultBaseUrl: server.url,
      requiresApiKey: false,
      createClient: (sdk, options) => {
        seen.push({ ...options });
        return new sdk.OpenAI({ ...options, defaultHeaders: { ...options.defaultHeaders, 'x-client': 'custom' } });
      },
    });
    const parts = await collectParts(
      custom
        .createBackend(settings({ type: 'custom', model: 'm' }))
        .stream({ messages: [{ role: 'user', content: 'Hi' }] }),
    );
    expect(parts.at(-1)?.type).toBe('finish');
    expect(seen).toEqual([
      expect.objectContaining({ baseURL: server.url, apiKey: 'massgen-no-key', maxRetries: 0, timeout: 600_000 }),
    ]);
    expect(server.requests[0]?.headers['x-client']).toBe('custom');
  });

  it('shares the options schema', () => {
    const hosted = defineOpenAICompatibleBackend({ type: 'hosted', requiresApiKey: true });
    expect(hosted.optionsSchema.safeParse({ timeout_seconds: 5 }).success).toBe(true);
    expect(hosted.optionsSchema.safeParse({ timeout_seconds: 0 }).success).toBe(false);
  });
});
