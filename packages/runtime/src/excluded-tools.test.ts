import type { Tool, Warning } from '@massgen/core';
import { describe, expect, it } from 'vitest';
import { withoutExcludedTools } from './excluded-tools.js';

function tool(name: string): Tool {
  return {
    name,
    description: `the ${name} tool`,
    inputSchema: { type: 'object' },
    execute: () => Promise.resolve({ content: name }),
  };
}

describe('withoutExcludedTools', () => {
  const tools = [tool('mcp__discord__send_message'), tool('mcp__discord__send_webhook_message'), tool('read_file')];

  /** The tools agent `agentId` (at `agentIndex`) keeps when it excludes `excluded`, and the warnings given. */
  function exclude(excluded: string[], agentId: string, agentIndex: number) {
    const warnings: Warning[] = [];
    const kept = withoutExcludedTools(tools, excluded, {
      agentId,
      agentIndex,
      warn: (warning) => warnings.push(warning),
    });
    return { kept, warnings };
  }

  it('withholds the named tools and keeps the rest in order', () => {
    const { kept, warnings } = exclude(['mcp__discord__send_webhook_message'], 'a', 0);
    expect(kept.map((kept) => kept.name)).toEqual(['mcp__discord__send_message', 'read_file']);
    expect(warnings).toEqual([]);
  });

  it('warns, naming the key path and what is offered, about a name that matches no tool', () => {
    const { kept, warnings } = exclude(['mcp__discord__send_webhok_message'], 'b', 2);
    expect(kept).toHaveLength(3);
    expect(warnings).toEqual([
      {
        code: 'unknown-tool',
        agentId: 'b',
        path: 'agents[2].backend.exclude_tools',
        message:
          'agent b has no tool named "mcp__discord__send_webhok_message" to exclude; it is offered mcp__discord__send_message, mcp__discord__send_webhook_message, read_file',
      },
    ]);
  });

  it('offers every tool when nothing is excluded', () => {
    expect(withoutExcludedTools(tools, undefined, { agentId: 'a', agentIndex: 0, warn: () => undefined })).toBe(tools);
  });
});
