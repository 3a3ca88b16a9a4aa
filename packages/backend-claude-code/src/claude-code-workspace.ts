import { mkdtemp, realpath } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AgentWorkspace } from '@massgen/core';
import type { ClaudeCodeWorkspace } from './workspace-confinement.js';

/**
 * Where Claude Code works: the agent's workspace from the run, or, for an agent without
 * `backend.cwd`, a fresh private directory, so that its built-in tools never default to the
 * user's current directory. Context paths the run shares stay available either way.
 */
export async function resolveClaudeCodeWorkspace(
  workspace: AgentWorkspace | undefined,
  agentId: string,
): Promise<ClaudeCodeWorkspace> {
  const directory = workspace?.directory;
  if (directory !== undefined) {
    return {
      directory,
      roots: () => workspace?.roots() ?? [],
      protectedPaths: () => workspace?.protectedPaths() ?? [],
    };
  }
  const safeId = agentId.replace(/[^A-Za-z0-9_-]/g, '_');
  const scratch = await realpath(await mkdtemp(path.join(os.tmpdir(), `massgen-claude-code-${safeId}-`)));
  return {
    directory: scratch,
    roots: () => [...(workspace?.roots() ?? []), { path: scratch, access: 'write' }],
    protectedPaths: () => workspace?.protectedPaths() ?? [],
  };
}
