import { describe, expect, it } from 'vitest';
import type { Warning } from '@massgen/core';
import { hostOwner, keyIssuer, placeholderApiKey, resolveApiKey, type ApiKeyContext } from './api-key.js';

function context(overrides: Partial<ApiKeyContext> = {}): ApiKeyContext & { warnings: Warning[] } {
  const warnings: Warning[] = [];
  return {
    configuredKey: undefined,
    variables: ['ACME_API_KEY'],
    env: {},
    baseUrl: 'https://llm.example.com/v1',
    providerName: 'Acme',
    optional: false,
    warn: (warning) => warnings.push(warning),
    agentId: 'a',
    provider: 'acme',
    warnings,
    ...overrides,
  };
}

describe('keyIssuer and hostOwner', () => {
  it('know one table of key prefixes, where a bare sk- names nobody', () => {
    expect(keyIssuer('sk-ant-api03-x')).toBe('Anthropic');
    expect(keyIssuer('sk-or-v1-x')).toBe('OpenRouter');
    expect(keyIssuer('sk-proj-x')).toBe('OpenAI');
    expect(keyIssuer('AIzaSyX')).toBe('Google');
    expect(keyIssuer('gsk_x')).toBe('Groq');
    expect(keyIssuer('sk-1234567890')).toBeUndefined();
    expect(hostOwner('https://api.anthropic.com')).toBe('Anthropic');
    expect(hostOwner('https://generativelanguage.googleapis.com')).toBe('Google');
    expect(hostOwner('http://localhost:8000/v1')).toBeUndefined();
    expect(hostOwner('not a url')).toBeUndefined();
  });
});

describe('resolveApiKey', () => {
  it('prefers backend.api_key, then the variables in order, warning when two disagree', () => {
    expect(resolveApiKey(context({ configuredKey: 'configured', env: { ACME_API_KEY: 'env' } }))).toBe('configured');
    const both = context({ variables: ['FIRST_KEY', 'SECOND_KEY'], env: { FIRST_KEY: 'one', SECOND_KEY: 'two' } });
    expect(resolveApiKey(both)).toBe('one');
    expect(both.warnings).toEqual([expect.objectContaining({ code: 'api-key-ambiguous' })]);
    expect(resolveApiKey(context({ variables: ['FIRST_KEY', 'SECOND_KEY'], env: { SECOND_KEY: 'two' } }))).toBe('two');
  });

  it('says which variables to set when no key is found, and sends a placeholder where the key is optional', () => {
    expect(() => resolveApiKey(context({ variables: ['GOOGLE_API_KEY', 'GEMINI_API_KEY'] }))).toThrow(
      'No API key for Acme: set GOOGLE_API_KEY (or GEMINI_API_KEY) in the environment or in .env, or api_key in the backend block.',
    );
    expect(() => resolveApiKey(context({ configuredKey: ' ' }))).toThrow('backend.api_key is empty');
    expect(() => resolveApiKey(context({ variables: [] }))).toThrow('set api_key in the backend block');
    expect(resolveApiKey(context({ optional: true }))).toBe(placeholderApiKey);
    expect(() => resolveApiKey(context({ optional: true, configuredKey: '' }))).toThrow(
      expect.objectContaining({ code: 'BACKEND_MISSING_KEY' }),
    );
  });

  it('trims a key with a warning, and refuses one that cannot be sent in a header, without showing it', () => {
    const padded = context({ env: { ACME_API_KEY: ' secret-value\n' } });
    expect(resolveApiKey(padded)).toBe('secret-value');
    expect(padded.warnings).toEqual([expect.objectContaining({ code: 'api-key-whitespace' })]);
    let message = '';
    try {
      resolveApiKey(context({ configuredKey: 'secret value' }));
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('cannot be sent in an HTTP header');
    expect(message).not.toContain('secret value');
  });

  it("refuses a key issued by another provider than the host's owner, and allows any key behind a gateway", () => {
    expect(() =>
      resolveApiKey(
        context({ configuredKey: 'sk-ant-api03-x', baseUrl: 'https://api.groq.com/openai/v1', providerName: 'groq' }),
      ),
    ).toThrow('looks like an Anthropic key, but requests go to Groq (groq); use a Groq key.');
    expect(resolveApiKey(context({ configuredKey: 'sk-ant-api03-x', baseUrl: 'https://gateway.example.com' }))).toBe(
      'sk-ant-api03-x',
    );
  });
});
