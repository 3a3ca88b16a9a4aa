import type { Warning } from '@massgen/core';
import { describe, expect, it } from 'vitest';
import type { KeyRequest } from '@massgen/backend-utils';
import { thrownMassGenError } from '@massgen/testing';
import { resolveGeminiApiKey } from './gemini-api-key.js';

const google = 'https://generativelanguage.googleapis.com';

function context(overrides: Partial<KeyRequest> = {}, warnings: Warning[] = []): KeyRequest {
  return {
    configuredKey: undefined,
    env: {},
    baseUrl: google,
    warn: (warning) => warnings.push(warning),
    agentId: 'agent-a',
    provider: 'gemini',
    ...overrides,
  };
}

describe('resolveGeminiApiKey', () => {
  it('prefers backend.api_key, then GOOGLE_API_KEY, then GEMINI_API_KEY', () => {
    const env = { GOOGLE_API_KEY: 'AIzaGoogle', GEMINI_API_KEY: 'AIzaGemini' };
    expect(resolveGeminiApiKey(context({ configuredKey: 'AIzaConfigured', env }))).toBe('AIzaConfigured');
    expect(resolveGeminiApiKey(context({ env: { GEMINI_API_KEY: 'AIzaGemini' } }))).toBe('AIzaGemini');
    expect(resolveGeminiApiKey(context({ env: { GOOGLE_API_KEY: '  ', GEMINI_API_KEY: 'AIzaGemini' } }))).toBe(
      'AIzaGemini',
    );
  });

  it('warns, by variable name only, when both variables hold different keys', () => {
    const warnings: Warning[] = [];
    expect(
      resolveGeminiApiKey(context({ env: { GOOGLE_API_KEY: 'AIzaGoogle', GEMINI_API_KEY: 'AIzaGemini' } }, warnings)),
    ).toBe('AIzaGoogle');
    expect(warnings).toEqual([expect.objectContaining({ code: 'api-key-ambiguous', agentId: 'agent-a' })]);
    expect(warnings[0]?.message).not.toContain('AIza');
    const same: Warning[] = [];
    resolveGeminiApiKey(context({ env: { GOOGLE_API_KEY: 'AIzaSame', GEMINI_API_KEY: 'AIzaSame' } }, same));
    expect(same).toEqual([]);
  });

  it('names both variables when there is no key, and says when a configured key is empty', () => {
    const missing = thrownMassGenError(() => resolveGeminiApiKey(context()));
    expect(missing).toMatchObject({
      code: 'BACKEND_MISSING_KEY',
      retryable: false,
      agentId: 'agent-a',
      provider: 'gemini',
    });
    expect(missing.message).toBe(
      'No API key for Gemini: set GOOGLE_API_KEY (or GEMINI_API_KEY) in the environment or in .env, or api_key in the backend block.',
    );
    expect(thrownMassGenError(() => resolveGeminiApiKey(context({ configuredKey: '' }))).message).toContain(
      'backend.api_key is empty',
    );
  });

  it('trims whitespace with a warning at the key path it came from', () => {
    const warnings: Warning[] = [];
    expect(resolveGeminiApiKey(context({ configuredKey: ' AIzaKey\n' }, warnings))).toBe('AIzaKey');
    expect(warnings).toEqual([expect.objectContaining({ code: 'api-key-whitespace', path: 'backend.api_key' })]);
  });

  it('refuses a key with characters a header cannot carry', () => {
    expect(thrownMassGenError(() => resolveGeminiApiKey(context({ configuredKey: 'AIza key' }))).code).toBe(
      'BACKEND_AUTH',
    );
  });

  it.each([
    ['sk-ant-api03-abc', 'Anthropic'],
    ['sk-proj-abc', 'OpenAI'],
    ['sk-or-v1-abc', 'OpenRouter'],
    ['gsk_abc', 'Groq'],
    ['xai-abc', 'xAI'],
  ])('names the provider of %s sent to Google, never the key', (key, provider) => {
    const error = thrownMassGenError(() => resolveGeminiApiKey(context({ env: { GEMINI_API_KEY: key } })));
    expect(error.code).toBe('BACKEND_AUTH');
    expect(error.message).toContain(provider);
    expect(error.message).toContain('GEMINI_API_KEY');
    expect(error.message).not.toContain(key);
  });

  it('accepts any key shape behind a proxy, whose keys are its own', () => {
    expect(
      resolveGeminiApiKey(context({ configuredKey: 'sk-proxy-key', baseUrl: 'https://llm-proxy.example.com' })),
    ).toBe('sk-proxy-key');
  });
});
