import { ConfigError, type BackendSettings, type Warning } from '@massgen/core';
import { backendSettings } from '@massgen/testing';
import { describe, expect, it } from 'vitest';
import { optionsSchema, parseClaudeOptions } from './claude-options.js';

function settings(options: Record<string, unknown>, warnings: Warning[] = []): BackendSettings {
  return backendSettings({ type: 'claude', model: 'm', options, warn: (warning) => warnings.push(warning) });
}

describe('parseClaudeOptions', () => {
  it('reads every known option', () => {
    expect(
      parseClaudeOptions(
        settings({
          api_key: 'k',
          base_url: 'https://proxy.example.com/anthropic/',
          timeout_seconds: 30,
          headers: { 'x-a': 'b' },
          extra_body: { metadata: { user_id: 'u' } },
          thinking: { type: 'enabled', budget_tokens: 2048, display: 'omitted' },
          max_thinking_tokens: 4096,
          top_k: 40,
          betas: ['context-1m'],
          enable_web_search: true,
          enable_code_execution: true,
        }),
      ),
    ).toEqual({
      apiKey: 'k',
      baseUrl: 'https://proxy.example.com/anthropic',
      timeoutMs: 30_000,
      headers: { 'x-a': 'b' },
      extraBody: { metadata: { user_id: 'u' } },
      thinking: { type: 'enabled', budget_tokens: 2048, display: 'omitted' },
      maxThinkingTokens: 4096,
      topK: 40,
      betas: ['context-1m', 'code-execution-2025-05-22'],
      serverTools: { webSearch: true, codeExecution: true },
    });
  });

  it("defaults to Anthropic's API and a 600 s timeout, and accepts the upstream name request_timeout", () => {
    expect(parseClaudeOptions(settings({}))).toEqual({
      baseUrl: 'https://api.anthropic.com',
      timeoutMs: 600_000,
      headers: {},
      extraBody: {},
      betas: [],
      serverTools: { webSearch: false, codeExecution: false },
    });
    expect(parseClaudeOptions(settings({ request_timeout: 45 })).timeoutMs).toBe(45_000);
  });

  it('drops a /v1 suffix the SDK adds itself, with a warning', () => {
    const warnings: Warning[] = [];
    expect(parseClaudeOptions(settings({ base_url: 'http://localhost:8080/v1/' }, warnings)).baseUrl).toBe(
      'http://localhost:8080',
    );
    expect(warnings).toEqual([expect.objectContaining({ code: 'base-url-version', path: 'backend.base_url' })]);
  });

  it('warns once per unknown key, naming it, and still succeeds', () => {
    const warnings: Warning[] = [];
    parseClaudeOptions(settings({ enable_code_interpreter: true, budget: 3 }, warnings));
    expect(warnings.map((warning) => [warning.code, warning.path])).toEqual([
      ['unknown-key', 'backend.enable_code_interpreter'],
      ['unknown-key', 'backend.budget'],
    ]);
  });

  it('rejects bad values with a configuration error naming the key, the agent and what was expected', () => {
    const attempts: Array<[Record<string, unknown>, string]> = [
      [
        { thinking: { type: 'enabled', budget_tokens: 100 } },
        'backend.thinking.budget_tokens: expected at least 1024 tokens',
      ],
      [{ thinking: { type: 'sometimes' } }, 'backend.thinking'],
      [{ max_thinking_tokens: 2.5 }, 'backend.max_thinking_tokens: expected a whole number'],
      [{ base_url: 'ftp://x' }, 'backend.base_url: expected an http(s) URL'],
      [{ timeout_seconds: 0 }, 'backend.timeout_seconds: expected a positive number of seconds'],
      [{ betas: 'one' }, 'backend.betas: expected a list of beta names'],
    ];
    for (const [options, text] of attempts) {
      let caught: unknown;
      try {
        parseClaudeOptions(settings(options));
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ConfigError);
      expect((caught as Error).message).toContain(text);
      expect((caught as Error).message).toContain('agent agent-a');
    }
  });

  it('validates options for --validate without creating a backend', () => {
    expect(optionsSchema.safeParse({ thinking: { type: 'adaptive' }, whatever: 1 }).success).toBe(true);
    expect(optionsSchema.safeParse({ top_k: -1 }).success).toBe(false);
  });
});
