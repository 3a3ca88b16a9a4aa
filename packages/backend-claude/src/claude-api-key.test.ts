import { MassGenError, type Warning } from '@massgen/core';
import { describe, expect, it } from 'vitest';
import type { KeyRequest } from '@massgen/backend-utils';
import { thrownMassGenError } from '@massgen/testing';
import { placeholderApiKey, resolveClaudeApiKey } from './claude-api-key.js';

function context(overrides: Partial<KeyRequest> = {}, warnings: Warning[] = []): KeyRequest {
  return {
    configuredKey: undefined,
    env: {},
    baseUrl: 'https://api.anthropic.com',
    warn: (warning) => warnings.push(warning),
    agentId: 'agent-a',
    provider: 'claude',
    ...overrides,
  };
}

function failure(overrides: Partial<KeyRequest>): MassGenError {
  return thrownMassGenError(() => resolveClaudeApiKey(context(overrides)));
}

describe('resolveClaudeApiKey', () => {
  it('prefers backend.api_key over ANTHROPIC_API_KEY', () => {
    expect(
      resolveClaudeApiKey(context({ configuredKey: 'sk-ant-configured', env: { ANTHROPIC_API_KEY: 'sk-ant-env' } })),
    ).toBe('sk-ant-configured');
    expect(resolveClaudeApiKey(context({ env: { ANTHROPIC_API_KEY: 'sk-ant-env' } }))).toBe('sk-ant-env');
  });

  it('names the variable to set when there is no key, and the key when the configured one is empty', () => {
    expect(failure({})).toMatchObject({
      code: 'BACKEND_MISSING_KEY',
      retryable: false,
      agentId: 'agent-a',
      provider: 'claude',
    });
    expect(failure({}).message).toContain('ANTHROPIC_API_KEY');
    expect(failure({ configuredKey: '  ' }).message).toContain('backend.api_key is empty');
  });

  it('trims whitespace with a warning that says where the key came from', () => {
    const warnings: Warning[] = [];
    expect(resolveClaudeApiKey(context({ env: { ANTHROPIC_API_KEY: ' sk-ant-abc\n' } }, warnings))).toBe('sk-ant-abc');
    expect(warnings).toEqual([expect.objectContaining({ code: 'api-key-whitespace', agentId: 'agent-a' })]);
    expect(warnings[0]?.message).toContain('ANTHROPIC_API_KEY');
    expect(warnings[0]?.message).not.toContain('sk-ant-abc');
  });

  it('refuses a key with characters an HTTP header cannot carry', () => {
    expect(failure({ configuredKey: 'sk-ant-abc def' })).toMatchObject({ code: 'BACKEND_AUTH' });
  });

  it("names the provider of another provider's key sent to Anthropic, never the key", () => {
    for (const [key, owner] of [
      ['AIzaSyAbc123', 'Google'],
      ['sk-proj-abc123', 'OpenAI'],
      ['gsk_abc123', 'Groq'],
      ['xai-abc123', 'xAI'],
    ]) {
      const error = failure({ configuredKey: key });
      expect(error.code).toBe('BACKEND_AUTH');
      expect(error.message).toContain(owner);
      expect(error.message).not.toContain(key);
    }
  });

  it('accepts any key behind another base_url, where gateways issue their own', () => {
    expect(
      resolveClaudeApiKey(context({ configuredKey: 'sk-proj-abc123', baseUrl: 'https://gateway.example.com' })),
    ).toBe('sk-proj-abc123');
  });

  it('sends a placeholder to a local server when no key is set at all', () => {
    expect(resolveClaudeApiKey(context({ baseUrl: 'http://127.0.0.1:8080' }))).toBe(placeholderApiKey);
    expect(failure({ baseUrl: 'http://localhost:8080', configuredKey: '' }).code).toBe('BACKEND_MISSING_KEY');
  });
});
