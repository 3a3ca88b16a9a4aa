import { existsSync } from 'node:fs';
import type { AgentWorkspace } from '@massgen/core';
import { describe, expect, it } from 'vitest';
import { resolveClaudeCodeWorkspace } from './claude-code-workspace.js';

describe("Claude Code's working directory", () => {
  it("is the agent's workspace from the run, with the run's rules", async () => {
    const run: AgentWorkspace = {
      directory: '/runs/r1/coder',
      roots: () => [{ path: '/runs/r1/coder', access: 'write' }],
      protectedPaths: () => ['/p'],
    };
    const workspace = await resolveClaudeCodeWorkspace(run, 'coder');
    expect(workspace.directory).toBe('/runs/r1/coder');
    expect(workspace.roots()).toEqual([{ path: '/runs/r1/coder', access: 'write' }]);
    expect(workspace.protectedPaths()).toEqual(['/p']);
  });

  it('is a private new directory without one, keeping the context paths the run shares', async () => {
    const contextOnly: AgentWorkspace = {
      roots: () => [{ path: '/data/shared', access: 'read' }],
      protectedPaths: () => [],
    };
    const workspace = await resolveClaudeCodeWorkspace(contextOnly, 'coder/1');
    expect(existsSync(workspace.directory)).toBe(true);
    expect(workspace.directory).toContain('massgen-claude-code-coder_1-');
    expect(workspace.roots()).toEqual([
      { path: '/data/shared', access: 'read' },
      { path: workspace.directory, access: 'write' },
    ]);
    const alone = await resolveClaudeCodeWorkspace(undefined, 'solo');
    expect(alone.roots()).toEqual([{ path: alone.directory, access: 'write' }]);
    expect(alone.directory).not.toBe(workspace.directory);
  });
});
