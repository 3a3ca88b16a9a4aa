import { ConfigError, type BackendSettings, type Warning } from '@massgen/core';
import { backendSettings } from '@massgen/testing';
import { describe, expect, it } from 'vitest';
import { optionsSchema, parseOpenAIOptions } from './openai-options.js';

function settings(options: Record<string, unknown>, warnings: Warning[] = []): BackendSettings {
  return backendSettings({ type: 'openai', model: 'gpt-5', options, warn: (warning) => warnings.push(warning) });
}

describe('parseOpenAIOptions', () => {
  it('defaults to the Responses API chosen automatically, nothing stored, ten minutes', () => {
    expect(parseOpenAIOptions(settings({}))).toEqual({
      timeoutMs: 600_000,
      api: 'auto',
      store: false,
      reasoning: {},
      text: {},
      headers: {},
      extraBody: {},
      providerTools: { webSearch: false, codeInterpreter: false },
    });
  });

  it('reads every key it knows', () => {
    const parsed = parseOpenAIOptions(
      settings({
        api_key: 'k',
        base_url: 'https://proxy.example.com/v1',
        organization: 'org-1',
        request_timeout: 30,
        api: 'chat',
        store: true,
        reasoning: { summary: 'concise', effort: 'low' },
        text: { verbosity: 'high' },
        headers: { 'x-a': 'b' },
        extra_body: { user: 'u' },
        enable_web_search: true,
        enable_code_interpreter: false,
      }),
    );
    expect(parsed).toEqual({
      apiKey: 'k',
      baseUrl: 'https://proxy.example.com/v1',
      organization: 'org-1',
      timeoutMs: 30_000,
      api: 'chat',
      store: true,
      reasoning: { summary: 'concise', effort: 'low' },
      text: { verbosity: 'high' },
      headers: { 'x-a': 'b' },
      extraBody: { user: 'u' },
      providerTools: { webSearch: true, codeInterpreter: false },
    });
  });

  it('names the key of a wrong value, and warns about unknown keys', () => {
    expect(() => parseOpenAIOptions(settings({ reasoning: { summary: 'verbose' } }))).toThrow(ConfigError);
    expect(() => parseOpenAIOptions(settings({ store: 'no' }))).toThrow(/backend\.store: expected true or false/);
    const warnings: Warning[] = [];
    parseOpenAIOptions(settings({ provider: 'groq' }, warnings));
    expect(warnings).toEqual([
      expect.objectContaining({ code: 'unknown-key', path: 'backend.provider', agentId: 'agent-a' }),
    ]);
  });

  it('is the schema `massgen --validate` checks', () => {
    expect(optionsSchema.safeParse({ api: 'responses', text: { verbosity: 'low' } }).success).toBe(true);
    expect(optionsSchema.safeParse({ timeout_seconds: 0 }).success).toBe(false);
  });
});
