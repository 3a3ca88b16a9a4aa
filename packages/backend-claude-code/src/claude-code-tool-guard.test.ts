import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { HookInput } from '@anthropic-ai/claude-agent-sdk';
import { beforeEach, describe, expect, it } from 'vitest';
import { createToolGuard } from './claude-code-tool-guard.js';
import type { ClaudeCodeWorkspace } from './workspace-confinement.js';

let workspace: ClaudeCodeWorkspace;

beforeEach(() => {
  const directory = realpathSync(mkdtempSync(path.join(tmpdir(), 'massgen-guard-')));
  workspace = { directory, roots: () => [{ path: directory, access: 'write' }], protectedPaths: () => [] };
});

function preToolUse(toolName: string, toolInput: Record<string, unknown>): HookInput {
  return {
    hook_event_name: 'PreToolUse',
    tool_name: toolName,
    tool_input: toolInput,
    tool_use_id: 't1',
    session_id: 's',
    transcript_path: '/t',
    cwd: workspace.directory,
  };
}

const signal = new AbortController().signal;

describe("the guard on Claude Code's tools", () => {
  it('keeps shell and unattended tools off unless allowed_tools names them', () => {
    const closed = createToolGuard(
      { allowedTools: [], disallowedTools: ['WebFetch'], permissionMode: 'acceptEdits' },
      workspace,
    );
    expect(closed.disallowedTools).toEqual(
      expect.arrayContaining(['Bash', 'PowerShell', 'AskUserQuestion', 'ExitPlanMode', 'WebFetch']),
    );
    expect(closed.allowedTools).toEqual([]);
    const open = createToolGuard(
      { allowedTools: ['Bash(npm test:*)', 'AskUserQuestion'], disallowedTools: [], permissionMode: 'acceptEdits' },
      workspace,
    );
    expect(open.disallowedTools).not.toContain('Bash');
    expect(open.disallowedTools).not.toContain('AskUserQuestion');
    expect(open.allowedTools).toEqual(['Bash(npm test:*)', 'AskUserQuestion']);
  });

  it("lets MassGen's tools through: on request, or up front where nothing is ever asked", async () => {
    const asking = createToolGuard({ allowedTools: [], disallowedTools: [], permissionMode: 'acceptEdits' }, workspace);
    await expect(
      asking.canUseTool('mcp__massgen__new_answer', { content: 'x' }, { signal, toolUseID: 't0', requestId: 'r0' }),
    ).resolves.toMatchObject({ behavior: 'allow' });
    const silent = createToolGuard({ allowedTools: [], disallowedTools: [], permissionMode: 'dontAsk' }, workspace);
    expect(silent.allowedTools).toEqual(['mcp__massgen']);
  });

  it('denies, in the PreToolUse hook, a file tool reaching outside the workspace', async () => {
    const guard = createToolGuard({ allowedTools: [], disallowedTools: [], permissionMode: 'acceptEdits' }, workspace);
    const hook = guard.hooks.PreToolUse[0]?.hooks[0];
    if (hook === undefined) throw new Error('expected a PreToolUse hook');
    await expect(
      hook(preToolUse('Write', { file_path: 'inside.txt', content: 'x' }), 't1', { signal }),
    ).resolves.toEqual({});
    const denied = await hook(preToolUse('Write', { file_path: '/etc/evil', content: 'x' }), 't1', { signal });
    expect(denied).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: expect.stringContaining('outside your workspace'),
      },
    });
    await expect(hook(preToolUse('mcp__massgen__vote', { agent_id: 'agent1' }), 't1', { signal })).resolves.toEqual({});
  });

  it('answers what would wait for approval: shell commands refused, files judged by the workspace', async () => {
    const guard = createToolGuard(
      { allowedTools: ['Bash(npm test:*)'], disallowedTools: [], permissionMode: 'acceptEdits' },
      workspace,
    );
    await expect(
      guard.canUseTool('Bash', { command: 'rm -rf /' }, { signal, toolUseID: 't1', requestId: 'r1' }),
    ).resolves.toMatchObject({ behavior: 'deny', message: expect.stringContaining('allowed_tools') });
    await expect(
      guard.canUseTool('Edit', { file_path: 'a.txt' }, { signal, toolUseID: 't2', requestId: 'r2' }),
    ).resolves.toEqual({ behavior: 'allow', updatedInput: { file_path: 'a.txt' } });
    await expect(
      guard.canUseTool('Read', { file_path: '/root/.ssh/id_rsa' }, { signal, toolUseID: 't3', requestId: 'r3' }),
    ).resolves.toMatchObject({ behavior: 'deny' });
  });
});
