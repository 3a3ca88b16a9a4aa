import { describe, expect, it } from 'vitest';
import { chatCompletionDefinition, definitionForType, resolveEndpoint } from './openai-compatible-endpoint.js';
import type { OpenAICompatibleOptions } from './openai-compatible-options.js';
import { presetForBaseUrl, providerPresets } from './openai-compatible-presets.js';

function options(overrides: Partial<OpenAICompatibleOptions> = {}): OpenAICompatibleOptions {
  return { timeoutMs: 600_000, headers: {}, extraBody: {}, serverFields: {}, webSearch: false, ...overrides };
}

describe('presets', () => {
  it.each([
    ['https://api.groq.com/openai/v1', 'groq', 'GROQ_API_KEY'],
    ['https://openrouter.ai/api/v1/', 'openrouter', 'OPENROUTER_API_KEY'],
    ['https://api.openai.com/v1', 'openai', 'OPENAI_API_KEY'],
    ['https://llm.example.com/v1', undefined, undefined],
    ['not a url', undefined, undefined],
  ])('recognise a preset from the base_url host: %s', (baseUrl, name, apiKeyEnvironmentVariable) => {
    const preset = presetForBaseUrl(baseUrl);
    expect([preset?.name, preset?.apiKeyEnvironmentVariable]).toEqual([name, apiKeyEnvironmentVariable]);
  });

  it("cover upstream's hosted providers", () => {
    expect(Object.values(providerPresets).map((preset) => [preset.name, preset.apiKeyEnvironmentVariable])).toEqual([
      ['groq', 'GROQ_API_KEY'],
      ['together', 'TOGETHER_API_KEY'],
      ['openrouter', 'OPENROUTER_API_KEY'],
      ['cerebras', 'CEREBRAS_API_KEY'],
      ['fireworks', 'FIREWORKS_API_KEY'],
      ['zai', 'ZAI_API_KEY'],
      ['moonshot', 'MOONSHOT_API_KEY'],
      ['nebius', 'NEBIUS_API_KEY'],
      ['poe', 'POE_API_KEY'],
      ['qwen', 'QWEN_API_KEY'],
    ]);
  });
});

describe('resolveEndpoint for chatcompletion', () => {
  it('defaults to OpenAI and OPENAI_API_KEY', () => {
    expect(resolveEndpoint(chatCompletionDefinition, options())).toEqual({
      baseUrl: 'https://api.openai.com/v1',
      providerName: 'openai',
      preset: 'openai',
      apiKeyEnvironmentVariable: 'OPENAI_API_KEY',
      requiresApiKey: true,
    });
  });

  it('uses a provider preset, whose base_url may be overridden', () => {
    expect(resolveEndpoint(chatCompletionDefinition, options({ provider: 'cerebras' }))).toMatchObject({
      baseUrl: 'https://api.cerebras.ai/v1',
      apiKeyEnvironmentVariable: 'CEREBRAS_API_KEY',
    });
    expect(
      resolveEndpoint(
        chatCompletionDefinition,
        options({ provider: 'cerebras', baseUrl: 'https://proxy.example.com/v1/' }),
      ),
    ).toMatchObject({
      baseUrl: 'https://proxy.example.com/v1',
      providerName: 'cerebras',
      apiKeyEnvironmentVariable: 'CEREBRAS_API_KEY',
    });
  });

  it('picks the key variable from a known base_url host', () => {
    expect(
      resolveEndpoint(chatCompletionDefinition, options({ baseUrl: 'https://api.together.xyz/v1' })),
    ).toMatchObject({
      providerName: 'together',
      apiKeyEnvironmentVariable: 'TOGETHER_API_KEY',
    });
  });

  it('reads no variable for an unknown host, and needs no key on loopback', () => {
    const remote = resolveEndpoint(chatCompletionDefinition, options({ baseUrl: 'https://llm.example.com/v1' }));
    expect(remote).toEqual({
      baseUrl: 'https://llm.example.com/v1',
      providerName: 'chatcompletion at llm.example.com',
      requiresApiKey: true,
    });
    expect(
      resolveEndpoint(chatCompletionDefinition, options({ baseUrl: 'http://localhost:8000/v1' })).requiresApiKey,
    ).toBe(false);
  });

  it("lets a thin backend's own variable and name win", () => {
    const grok = {
      type: 'grok',
      defaultBaseUrl: 'https://api.x.ai/v1',
      apiKeyEnvironmentVariable: 'XAI_API_KEY',
      requiresApiKey: true,
      displayName: 'grok',
    };
    expect(resolveEndpoint(grok, options())).toEqual({
      baseUrl: 'https://api.x.ai/v1',
      providerName: 'grok',
      apiKeyEnvironmentVariable: 'XAI_API_KEY',
      requiresApiKey: true,
    });
  });
});

describe('definitionForType', () => {
  it('turns a preset name used as backend.type into that provider', () => {
    expect(resolveEndpoint(definitionForType('fireworks'), options())).toEqual({
      baseUrl: 'https://api.fireworks.ai/inference/v1',
      providerName: 'fireworks',
      preset: 'fireworks',
      apiKeyEnvironmentVariable: 'FIREWORKS_API_KEY',
      requiresApiKey: true,
    });
  });

  it('treats any other type as chatcompletion under its own name', () => {
    expect(definitionForType('chatcompletion')).toEqual(chatCompletionDefinition);
    expect(definitionForType('toString')).toEqual({ type: 'toString', requiresApiKey: true });
  });
});
