import { ConfigError } from '@massgen/core';
import { optionsSettings } from '@massgen/testing';
import { describeBackendOptions } from '@massgen/testing/vitest';
import { describe, expect, it } from 'vitest';
import { optionsSchema, parseClaudeCodeOptions } from './claude-code-options.js';

const claudeCode = { agentId: 'coder', type: 'claude_code', model: 'claude-sonnet-4-6' } as const;

describeBackendOptions(claudeCode, parseClaudeCodeOptions, optionsSchema, {
  readings: [
    [
      { api_key: 'k', timeout_seconds: 30 },
      { apiKey: 'k', timeoutMs: 30_000 },
    ],
    [{ base_url: 'http://127.0.0.1:4000/' }, { baseUrl: 'http://127.0.0.1:4000' }],
    [{ permission_mode: 'bypassPermissions' }, { permissionMode: 'bypassPermissions' }],
    [
      { allowed_tools: ['Read', 'Bash(npm test:*)'], disallowed_tools: ['WebFetch'] },
      { allowedTools: ['Read', 'Bash(npm test:*)'], disallowedTools: ['WebFetch'] },
    ],
    [
      { system_prompt: 'You review code.', append_system_prompt: 'Be brief.' },
      { systemPrompt: 'You review code.', appendSystemPrompt: 'Be brief.', useDefaultPrompt: false },
    ],
    [
      { max_thinking_tokens: 8000, max_turns: 12 },
      { maxThinkingTokens: 8000, maxTurns: 12 },
    ],
    [
      { cli_path: '/opt/claude', env: { MY_FLAG: '1' } },
      { cliPath: '/opt/claude', env: { MY_FLAG: '1' } },
    ],
  ],
  // acceptEdits, Claude Code's own prompt and a 600 s timeout.
  defaults: {
    timeoutMs: 600_000,
    permissionMode: 'acceptEdits',
    allowedTools: [],
    disallowedTools: [],
    useDefaultPrompt: true,
    env: {},
  },
  // A key it does not know is a warning, not a failure, so --validate accepts other backends' blocks.
  unknownKeys: { options: { temprature: 0.2 }, hint: 'it is ignored' },
  rejections: [[{ base_url: 'ftp://x' }, 'backend.base_url: expected an http(s) URL']],
  validates: { accepts: { anything: 1 }, refuses: { permission_mode: 'yolo' } },
});

describe('the options of the claude_code backend, beyond the common contract', () => {
  it('keeps its own prompt off when asked', () => {
    expect(parseClaudeCodeOptions(optionsSettings(claudeCode, { use_default_prompt: false })).useDefaultPrompt).toBe(
      false,
    );
  });

  it('reports every bad value at once, each with its key path and what was expected', () => {
    const run = (): unknown =>
      parseClaudeCodeOptions(
        optionsSettings(claudeCode, { permission_mode: 'yolo', allowed_tools: 'Read', max_thinking_tokens: -1 }),
      );
    expect(run).toThrow(ConfigError);
    expect(run).toThrow('backend.permission_mode');
    expect(run).toThrow('expected one of default, acceptEdits, bypassPermissions, plan, dontAsk');
    expect(run).toThrow('backend.allowed_tools');
    expect(run).toThrow('backend.max_thinking_tokens');
    expect(run).toThrow('agent coder');
  });
});
