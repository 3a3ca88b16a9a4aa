import type { BackendRequest } from '@massgen/core';
import { describe, expect, it } from 'vitest';
import { parseClaudeCodeOptions } from './claude-code-options.js';
import { buildClaudeCodeQueryOptions, type ClaudeCodeQueryOptionsInput } from './claude-code-query-options.js';
import { createToolGuard } from './claude-code-tool-guard.js';
import type { ClaudeCodeWorkspace } from './workspace-confinement.js';

const workspace: ClaudeCodeWorkspace = {
  directory: '/runs/r1/coder',
  roots: () => [
    { path: '/runs/r1/coder', access: 'write' },
    { path: '/data/shared', access: 'read' },
    { path: '/runs/r1/other', access: 'none' },
  ],
  protectedPaths: () => [],
};

function build(request: BackendRequest, options: Record<string, unknown> = {}, modelId = 'claude-sonnet-4-6') {
  const parsed = parseClaudeCodeOptions({
    agentId: 'coder',
    type: 'claude_code',
    model: modelId,
    options,
    env: {},
    warn: () => {},
  });
  const input: ClaudeCodeQueryOptionsInput = {
    options: parsed,
    modelId,
    request,
    workspace,
    guard: createToolGuard(parsed, workspace),
    environment: { PATH: '/usr/bin' },
    systemPrompt: 'system',
    toolServer: undefined,
    abortController: new AbortController(),
  };
  return buildClaudeCodeQueryOptions(input);
}

const ask: BackendRequest = { messages: [{ role: 'user', content: 'Hi' }] };

describe("Claude Code's SDK options", () => {
  it('confine the session: workspace as cwd, readable roots as additional directories, no settings files', () => {
    const { options, warnings } = build(ask);
    expect(options).toMatchObject({
      cwd: '/runs/r1/coder',
      additionalDirectories: ['/data/shared'],
      env: { PATH: '/usr/bin' },
      permissionMode: 'acceptEdits',
      settingSources: [],
      strictMcpConfig: true,
      persistSession: false,
      includePartialMessages: true,
      model: 'claude-sonnet-4-6',
      mcpServers: {},
    });
    expect(options.disallowedTools).toContain('Bash');
    expect(options.hooks?.PreToolUse).toHaveLength(1);
    expect(warnings).toEqual([]);
  });

  it('map thinking, effort, turns, the executable and bypassPermissions', () => {
    const { options } = build(
      { ...ask, settings: { reasoningEffort: 'high' } },
      { max_thinking_tokens: 4096, max_turns: 5, cli_path: '/opt/claude', permission_mode: 'bypassPermissions' },
    );
    expect(options).toMatchObject({
      thinking: { type: 'enabled', budgetTokens: 4096 },
      effort: 'high',
      maxTurns: 5,
      pathToClaudeCodeExecutable: '/opt/claude',
      allowDangerouslySkipPermissions: true,
    });
    expect(build(ask, { max_thinking_tokens: 0 }).options.thinking).toEqual({ type: 'disabled' });
    expect(build(ask, {}, '').options).not.toHaveProperty('model');
  });

  it('warn about settings Claude Code cannot apply', () => {
    const { warnings } = build({
      ...ask,
      toolChoice: 'required',
      settings: { temperature: 0.2, topP: 0.9, seed: 7, stopSequences: ['END'], reasoningEffort: 'minimal' },
    });
    expect(warnings.map((warning) => warning.message)).toEqual([
      'Claude Code ignores temperature: it chooses its own sampling.',
      'Claude Code ignores top_p: it chooses its own sampling.',
      'Claude Code ignores seed: the Messages API has no seed.',
      'Claude Code ignores stop sequences: its agent loop decides when a turn ends.',
      'Claude Code ignores tool_choice: required: its agent loop cannot be forced to call a tool.',
      'Claude Code ignores reasoning effort "minimal": it accepts low, medium, high, xhigh or max.',
    ]);
  });

  it('take provider options, except those that would loosen the confinement', () => {
    const { options, warnings } = build({
      ...ask,
      providerOptions: { maxBudgetUsd: 2, fallbackModel: 'claude-haiku-4-5', cwd: '/', settingSources: ['user'] },
    });
    expect(options).toMatchObject({
      maxBudgetUsd: 2,
      fallbackModel: 'claude-haiku-4-5',
      cwd: '/runs/r1/coder',
      settingSources: [],
    });
    expect(warnings.map((warning) => warning.message)).toEqual([
      "Claude Code's cwd option is set by MassGen and cannot be changed through provider options.",
      "Claude Code's settingSources option is set by MassGen and cannot be changed through provider options.",
    ]);
  });
});
