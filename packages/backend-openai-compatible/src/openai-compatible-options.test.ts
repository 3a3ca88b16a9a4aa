import { ConfigError, type BackendSettings, type Warning } from '@massgen/core';
import { backendSettings } from '@massgen/testing';
import { describe, expect, it } from 'vitest';
import { optionsSchema, parseOpenAICompatibleOptions } from './openai-compatible-options.js';

function settings(options: Record<string, unknown>, warnings: Warning[] = []): BackendSettings {
  return backendSettings({ type: 'chatcompletion', model: 'm', options, warn: (warning) => warnings.push(warning) });
}

describe('parseOpenAICompatibleOptions', () => {
  it('reads every known option', () => {
    expect(
      parseOpenAICompatibleOptions(
        settings({
          api_key: 'k',
          base_url: 'https://api.example.com/v1',
          timeout_seconds: 30,
          headers: { 'x-a': 'b' },
          extra_body: { top_k: 5 },
          provider: 'together',
          parallel_tool_calls: false,
          enable_web_search: true,
        }),
      ),
    ).toEqual({
      apiKey: 'k',
      baseUrl: 'https://api.example.com/v1',
      timeoutMs: 30_000,
      headers: { 'x-a': 'b' },
      extraBody: { top_k: 5 },
      provider: 'together',
      parallelToolCalls: false,
      serverFields: {},
      webSearch: true,
    });
  });

  it('defaults the timeout to 600 s and accepts the upstream name request_timeout', () => {
    expect(parseOpenAICompatibleOptions(settings({})).timeoutMs).toBe(600_000);
    expect(parseOpenAICompatibleOptions(settings({ request_timeout: 45 })).timeoutMs).toBe(45_000);
    expect(parseOpenAICompatibleOptions(settings({ request_timeout: 45, timeout_seconds: 10 })).timeoutMs).toBe(10_000);
  });

  it('warns once per unknown key, naming it, and still succeeds', () => {
    const warnings: Warning[] = [];
    parseOpenAICompatibleOptions(settings({ enable_code_execution: true, temprature: 0.2 }, warnings));
    expect(warnings).toEqual([
      expect.objectContaining({ code: 'unknown-key', path: 'backend.enable_code_execution', agentId: 'agent-a' }),
      expect.objectContaining({ code: 'unknown-key', path: 'backend.temprature', agentId: 'agent-a' }),
    ]);
    expect(warnings[1]?.message).toContain('extra_body');
  });

  it.each([
    [{ timeout_seconds: 'soon' }, 'backend.timeout_seconds: expected a number of seconds'],
    [{ timeout_seconds: -1 }, 'backend.timeout_seconds: expected a positive number of seconds'],
    [{ base_url: 'ftp://example.com' }, 'backend.base_url: expected an http(s) URL'],
    [{ headers: { 'x-a': 1 } }, 'backend.headers.x-a: expected the header value as a string'],
    [{ provider: 'acme' }, 'backend.provider: expected one of groq, together, openrouter, cerebras, fireworks'],
  ])('rejects %j with a message naming the key and what was expected', (options, expected) => {
    const run = (): unknown => parseOpenAICompatibleOptions(settings(options));
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(expected);
  });

  it('validates through optionsSchema without a backend, accepting unknown keys', () => {
    expect(optionsSchema.safeParse({ base_url: 'http://localhost:8000/v1', something_else: 1 }).success).toBe(true);
    expect(optionsSchema.safeParse({ extra_body: 'x' }).success).toBe(false);
  });
});
