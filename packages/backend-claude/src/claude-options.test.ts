import type { Warning } from '@massgen/core';
import { optionsSettings } from '@massgen/testing';
import { commonOptionReadings, describeBackendOptions } from '@massgen/testing/vitest';
import { describe, expect, it } from 'vitest';
import { optionsSchema, parseClaudeOptions } from './claude-options.js';

const claude = { type: 'claude', model: 'm' } as const;

describeBackendOptions(claude, parseClaudeOptions, optionsSchema, {
  readings: [
    ...commonOptionReadings('https://proxy.example.com/anthropic/', 'https://proxy.example.com/anthropic'),
    [
      { thinking: { type: 'enabled', budget_tokens: 2048, display: 'omitted' } },
      { thinking: { type: 'enabled', budget_tokens: 2048, display: 'omitted' } },
    ],
    [{ max_thinking_tokens: 4096 }, { maxThinkingTokens: 4096 }],
    [{ top_k: 40 }, { topK: 40 }],
    [
      { betas: ['context-1m'], enable_web_search: true, enable_code_execution: true },
      {
        betas: ['context-1m', 'code-execution-2025-05-22'],
        serverTools: { webSearch: true, codeExecution: true },
      },
    ],
  ],
  defaults: {
    baseUrl: 'https://api.anthropic.com',
    timeoutMs: 600_000,
    headers: {},
    extraBody: {},
    betas: [],
    serverTools: { webSearch: false, codeExecution: false },
  },
  unknownKeys: { options: { enable_code_interpreter: true, budget: 3 }, hint: 'under extra_body' },
  rejections: [
    [
      { thinking: { type: 'enabled', budget_tokens: 100 } },
      'backend.thinking.budget_tokens: expected at least 1024 tokens',
    ],
    [{ thinking: { type: 'sometimes' } }, 'backend.thinking'],
    [{ max_thinking_tokens: 2.5 }, 'backend.max_thinking_tokens: expected a whole number'],
    [{ base_url: 'ftp://x' }, 'backend.base_url: expected an http(s) URL'],
    [{ timeout_seconds: 0 }, 'backend.timeout_seconds: expected a positive number of seconds'],
    [{ betas: 'one' }, 'backend.betas: expected a list of beta names'],
  ],
  validates: { accepts: { thinking: { type: 'adaptive' }, whatever: 1 }, refuses: { top_k: -1 } },
});

describe('the base_url of the claude backend', () => {
  it('drops a /v1 suffix the SDK adds itself, with a warning', () => {
    const warnings: Warning[] = [];
    expect(
      parseClaudeOptions(optionsSettings(claude, { base_url: 'http://localhost:8080/v1/' }, warnings)).baseUrl,
    ).toBe('http://localhost:8080');
    expect(warnings).toEqual([expect.objectContaining({ code: 'base-url-version', path: 'backend.base_url' })]);
  });
});
