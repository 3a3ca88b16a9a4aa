import { MassGenError, type Warning } from '@massgen/core';
import { describe, expect, it } from 'vitest';
import { keyIssuer, placeholderApiKey, resolveApiKey, type ApiKeyContext } from './api-key.js';
import type { OpenAICompatibleEndpoint } from './openai-compatible-endpoint.js';

const groq: OpenAICompatibleEndpoint = {
  baseUrl: 'https://api.groq.com/openai/v1',
  providerName: 'groq',
  apiKeyEnvironmentVariable: 'GROQ_API_KEY',
  requiresApiKey: true,
};
const proxy: OpenAICompatibleEndpoint = {
  baseUrl: 'https://llm.example.com/v1',
  providerName: 'chatcompletion at llm.example.com',
  requiresApiKey: true,
};

function context(overrides: Partial<ApiKeyContext> = {}): ApiKeyContext & { warnings: Warning[] } {
  const warnings: Warning[] = [];
  return {
    endpoint: groq,
    configuredKey: undefined,
    env: {},
    warn: (warning) => warnings.push(warning),
    agentId: 'agent-a',
    provider: 'chatcompletion',
    warnings,
    ...overrides,
  };
}

function failure(run: () => unknown): MassGenError {
  try {
    run();
  } catch (error) {
    if (MassGenError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a MassGenError');
}

describe('resolveApiKey', () => {
  it('prefers backend.api_key over the environment variable', () => {
    expect(resolveApiKey(context({ configuredKey: 'gsk_configured', env: { GROQ_API_KEY: 'gsk_environment' } }))).toBe(
      'gsk_configured',
    );
    expect(resolveApiKey(context({ env: { GROQ_API_KEY: 'gsk_environment' } }))).toBe('gsk_environment');
  });

  it('names the variable to set when no key is found', () => {
    const error = failure(() => resolveApiKey(context()));
    expect(error).toMatchObject({
      code: 'BACKEND_MISSING_KEY',
      retryable: false,
      agentId: 'agent-a',
      provider: 'chatcompletion',
    });
    expect(error.message).toBe(
      'No API key for groq: set GROQ_API_KEY in the environment or in .env, or api_key in the backend block.',
    );
  });

  it('says when backend.api_key is present but empty', () => {
    expect(failure(() => resolveApiKey(context({ configuredKey: '  ' }))).message).toContain(
      'backend.api_key is empty',
    );
  });

  it('asks for backend.api_key when the host has no known variable', () => {
    expect(failure(() => resolveApiKey(context({ endpoint: proxy }))).message).toContain(
      'set api_key in the backend block',
    );
  });

  it('uses a placeholder for servers that need no key, and a real key when there is one', () => {
    const local: OpenAICompatibleEndpoint = {
      baseUrl: 'http://localhost:8000/v1',
      providerName: 'vllm',
      apiKeyEnvironmentVariable: 'VLLM_API_KEY',
      requiresApiKey: false,
    };
    expect(resolveApiKey(context({ endpoint: local }))).toBe(placeholderApiKey);
    expect(resolveApiKey(context({ endpoint: local, env: { VLLM_API_KEY: 'local-secret' } }))).toBe('local-secret');
  });

  it('trims whitespace and warns with the source but not the key', () => {
    const run = context({ env: { GROQ_API_KEY: 'gsk_secret123\r\n' } });
    expect(resolveApiKey(run)).toBe('gsk_secret123');
    expect(run.warnings).toHaveLength(1);
    expect(run.warnings[0]).toMatchObject({ code: 'api-key-whitespace', agentId: 'agent-a' });
    expect(run.warnings[0]?.message).toContain('GROQ_API_KEY');
    expect(run.warnings[0]?.message).not.toContain('secret123');
  });

  it('refuses characters that cannot go into a header, without echoing them', () => {
    const error = failure(() => resolveApiKey(context({ configuredKey: 'gsk_first gsk_second' })));
    expect(error.code).toBe('BACKEND_AUTH');
    expect(error.message).toContain('backend.api_key');
    expect(error.message).not.toContain('gsk_first');
  });

  it.each([
    ['sk-ant-api03-secret', 'Anthropic'],
    ['sk-proj-secret', 'OpenAI'],
    ['xai-secret', 'xAI'],
    ['AIzaSecret', 'Google'],
  ])('names the provider a %s… key belongs to when it is sent to another', (key, owner) => {
    const error = failure(() => resolveApiKey(context({ env: { GROQ_API_KEY: key } })));
    expect(error).toMatchObject({ code: 'BACKEND_AUTH', retryable: false });
    expect(error.message).toContain(`looks like a ${owner} key`);
    expect(error.message).toContain('GROQ_API_KEY');
    expect(error.message).not.toContain(key);
  });

  it('does not second-guess keys for hosts it does not know, such as proxies', () => {
    expect(resolveApiKey(context({ endpoint: proxy, configuredKey: 'sk-ant-api03-secret' }))).toBe(
      'sk-ant-api03-secret',
    );
  });

  it('accepts a key of the host’s own provider', () => {
    expect(resolveApiKey(context({ env: { GROQ_API_KEY: 'gsk_secret' } }))).toBe('gsk_secret');
  });
});

describe('keyIssuer', () => {
  it('names the provider of a key by its prefix, and nobody for a plain key', () => {
    expect(keyIssuer('sk-ant-api03-abc')).toBe('Anthropic');
    expect(keyIssuer('sk-proj-abc')).toBe('OpenAI');
    expect(keyIssuer('AIzaSyAbc')).toBe('Google');
    expect(keyIssuer('0123456789abcdef0123456789abcdef')).toBeUndefined();
  });
});
