import { ConfigError, type BackendSettings, type Warning } from '@massgen/core';
import { backendSettings } from '@massgen/testing';
import { describe, expect, it } from 'vitest';
import { optionsSchema, parseClaudeCodeOptions } from './claude-code-options.js';

function settings(options: Record<string, unknown>, warnings: Warning[] = []): BackendSettings {
  return backendSettings({
    agentId: 'coder',
    type: 'claude_code',
    model: 'claude-sonnet-4-6',
    options,
    warn: (warning) => warnings.push(warning),
  });
}

describe('the options of the claude_code backend', () => {
  it('reads every option of the issue and the upstream format', () => {
    expect(
      parseClaudeCodeOptions(
        settings({
          api_key: 'k',
          base_url: 'http://127.0.0.1:4000/',
          timeout_seconds: 30,
          permission_mode: 'bypassPermissions',
          allowed_tools: ['Read', 'Bash(npm test:*)'],
          disallowed_tools: ['WebFetch'],
          system_prompt: 'You review code.',
          append_system_prompt: 'Be brief.',
          max_thinking_tokens: 8000,
          max_turns: 12,
          cli_path: '/opt/claude',
          env: { MY_FLAG: '1' },
        }),
      ),
    ).toEqual({
      apiKey: 'k',
      baseUrl: 'http://127.0.0.1:4000',
      timeoutMs: 30_000,
      permissionMode: 'bypassPermissions',
      allowedTools: ['Read', 'Bash(npm test:*)'],
      disallowedTools: ['WebFetch'],
      systemPrompt: 'You review code.',
      appendSystemPrompt: 'Be brief.',
      useDefaultPrompt: false,
      maxThinkingTokens: 8000,
      maxTurns: 12,
      cliPath: '/opt/claude',
      env: { MY_FLAG: '1' },
    });
  });

  it("defaults to acceptEdits, Claude Code's own prompt and a 600 s timeout", () => {
    expect(parseClaudeCodeOptions(settings({}))).toEqual({
      timeoutMs: 600_000,
      permissionMode: 'acceptEdits',
      allowedTools: [],
      disallowedTools: [],
      useDefaultPrompt: true,
      env: {},
    });
    expect(parseClaudeCodeOptions(settings({ request_timeout: 45 })).timeoutMs).toBe(45_000);
    expect(parseClaudeCodeOptions(settings({ use_default_prompt: false })).useDefaultPrompt).toBe(false);
  });

  it('rejects bad values with the key path and what was expected', () => {
    const attempt = (options: Record<string, unknown>): unknown => {
      try {
        return parseClaudeCodeOptions(settings(options));
      } catch (error) {
        return error;
      }
    };
    const error = attempt({ permission_mode: 'yolo', allowed_tools: 'Read', max_thinking_tokens: -1 });
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain('backend.permission_mode');
    expect(message).toContain('expected one of default, acceptEdits, bypassPermissions, plan, dontAsk');
    expect(message).toContain('backend.allowed_tools');
    expect(message).toContain('backend.max_thinking_tokens');
    expect(message).toContain('agent coder');
    expect((attempt({ base_url: 'ftp://x' }) as ConfigError).message).toContain('expected an http(s) URL');
  });

  it("warns about keys it does not know instead of failing, so --validate accepts other backends' blocks", () => {
    const warnings: Warning[] = [];
    parseClaudeCodeOptions(settings({ temprature: 0.2 }, warnings));
    expect(warnings).toEqual([
      expect.objectContaining({ code: 'unknown-key', path: 'backend.temprature', agentId: 'coder' }),
    ]);
    expect(optionsSchema.safeParse({ anything: 1 }).success).toBe(true);
  });
});
