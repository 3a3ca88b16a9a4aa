import { MassGenError } from '@massgen/core';
import { describe, expect, it } from 'vitest';
import { importClaudeAgentSdk, loadClaudeAgentSdk, type ClaudeAgentSdk } from './load-claude-agent-sdk.js';

describe('loading the Claude Agent SDK', () => {
  it('says which package to install when the optional dependency is absent', async () => {
    const missing = Object.assign(new Error("Cannot find package '@anthropic-ai/claude-agent-sdk'"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    const error = await importClaudeAgentSdk(() => Promise.reject(missing)).catch((caught: unknown) => caught);
    expect(MassGenError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'PLUGIN_NOT_FOUND', retryable: false });
    expect((error as Error).message).toContain('pnpm add @anthropic-ai/claude-agent-sdk');
  });

  it('lets other import failures through unchanged', async () => {
    const broken = new SyntaxError('Unexpected token');
    await expect(importClaudeAgentSdk(() => Promise.reject(broken))).rejects.toBe(broken);
  });

  it('loads the installed SDK once and shares it', async () => {
    const first = await loadClaudeAgentSdk();
    const second = await loadClaudeAgentSdk();
    expect(first).toBe(second);
    expect(typeof first.query).toBe('function');
    expect(typeof (first satisfies ClaudeAgentSdk).createSdkMcpServer).toBe('function');
  });
});
