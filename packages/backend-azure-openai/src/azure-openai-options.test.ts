import { ConfigError, type BackendSettings, type Warning } from '@massgen/core';
import { describe, expect, it } from 'vitest';
import { defaultAzureApiVersion, optionsSchema, parseAzureOpenAIOptions } from './azure-openai-options.js';

function settings(overrides: Partial<BackendSettings> = {}): BackendSettings {
  return {
    agentId: 'agent-a',
    type: 'azure_openai',
    model: 'gpt-4o',
    options: {},
    env: {},
    warn: () => {},
    ...overrides,
  };
}

function configIssue(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('parseAzureOpenAIOptions', () => {
  it('takes the endpoint from base_url, azure_endpoint or AZURE_OPENAI_ENDPOINT, without /openai or a trailing slash', () => {
    expect(parseAzureOpenAIOptions(settings({ options: { base_url: 'https://a.openai.azure.com/' } })).endpoint).toBe(
      'https://a.openai.azure.com',
    );
    expect(
      parseAzureOpenAIOptions(settings({ options: { azure_endpoint: 'https://b.openai.azure.com/openai' } })).endpoint,
    ).toBe('https://b.openai.azure.com');
    expect(
      parseAzureOpenAIOptions(settings({ env: { AZURE_OPENAI_ENDPOINT: 'https://c.openai.azure.com' } })).endpoint,
    ).toBe('https://c.openai.azure.com');
  });

  it('reads the deployment and the API version from a full URL copied from the portal, unless configured', () => {
    const copied =
      'https://a.openai.azure.com/openai/deployments/prod-4o/chat/completions?api-version=2025-01-01-preview';
    expect(parseAzureOpenAIOptions(settings({ options: { base_url: copied } }))).toMatchObject({
      endpoint: 'https://a.openai.azure.com',
      deployment: 'prod-4o',
      apiVersion: '2025-01-01-preview',
    });
    expect(
      parseAzureOpenAIOptions(
        settings({ options: { base_url: copied, deployment: 'other', api_version: '2024-10-21' } }),
      ),
    ).toMatchObject({
      deployment: 'other',
      apiVersion: '2024-10-21',
    });
  });

  it('names every place an endpoint can come from when there is none', () => {
    const message = configIssue(() => parseAzureOpenAIOptions(settings()));
    expect(message).toContain('backend.base_url');
    expect(message).toContain('azure_endpoint');
    expect(message).toContain('AZURE_OPENAI_ENDPOINT');
    expect(
      configIssue(() => parseAzureOpenAIOptions(settings({ env: { AZURE_OPENAI_ENDPOINT: 'my-resource' } }))),
    ).toContain('http(s) URL');
  });

  it('calls the deployment named, else the one named like the model', () => {
    const base = { base_url: 'https://a.openai.azure.com' };
    expect(parseAzureOpenAIOptions(settings({ options: { ...base, deployment: 'prod-4o' } })).deployment).toBe(
      'prod-4o',
    );
    expect(parseAzureOpenAIOptions(settings({ options: { ...base, deployment_name: 'legacy' } })).deployment).toBe(
      'legacy',
    );
    expect(parseAzureOpenAIOptions(settings({ options: base })).deployment).toBe('gpt-4o');
    expect(configIssue(() => parseAzureOpenAIOptions(settings({ model: '', options: base })))).toContain(
      'backend.deployment',
    );
  });

  it('speaks the configured API version, else AZURE_OPENAI_API_VERSION, else the default', () => {
    const base = { base_url: 'https://a.openai.azure.com' };
    expect(
      parseAzureOpenAIOptions(settings({ options: { ...base, api_version: '2025-04-01-preview' } })).apiVersion,
    ).toBe('2025-04-01-preview');
    expect(
      parseAzureOpenAIOptions(settings({ options: base, env: { AZURE_OPENAI_API_VERSION: '2024-06-01' } })).apiVersion,
    ).toBe('2024-06-01');
    expect(parseAzureOpenAIOptions(settings({ options: base })).apiVersion).toBe(defaultAzureApiVersion);
  });

  it('leaves the other keys to the Chat Completions backend, as parsed, warning once about unknown ones', () => {
    const warnings: Warning[] = [];
    const parsed = parseAzureOpenAIOptions(
      settings({
        options: {
          base_url: 'https://a.openai.azure.com',
          api_version: '2024-10-21',
          api_key: 'k',
          timeout_seconds: 30,
          top_k: 3,
        },
        warn: (warning) => warnings.push(warning),
      }),
    );
    expect(parsed.chatOptions).toEqual({ api_key: 'k', timeout_seconds: 30 });
    expect(warnings.map((warning) => warning.path)).toEqual(['backend.top_k']);
  });

  it('rejects values of the wrong kind at their key', () => {
    expect(optionsSchema.safeParse({ azure_endpoint: 'not a url' }).success).toBe(false);
    expect(optionsSchema.safeParse({ deployment: '' }).success).toBe(false);
    expect(optionsSchema.safeParse({ timeout_seconds: -1 }).success).toBe(false);
    expect(configIssue(() => parseAzureOpenAIOptions(settings({ options: { api_version: 20241021 } })))).toContain(
      'backend.api_version',
    );
  });
});
