import type { ToolDefinition } from '@massgen/core';
import { voteToolDefinition } from '@massgen/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { prepareClaudeCodeTools, toZodShape, type BridgedToolCall } from './claude-code-prepare-tools.js';
import { loadClaudeAgentSdk } from './load-claude-agent-sdk.js';

const vote = voteToolDefinition(['agent1', 'agent2']);
function createVoteSchema(labels: string[]) {
  return {
    type: 'object',
    properties: { agent_id: { type: 'string', enum: labels, description: 'Label.' }, reason: { type: 'string' } },
    required: ['agent_id', 'reason'],
  };
}
const lookup: ToolDefinition = {
  name: 'mcp__dictionary__lookup',
  description: 'Look a word up.',
  inputSchema: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] },
};

describe("MassGen's tools as Claude Code MCP tools", () => {
  it('converts object schemas to zod shapes that keep enums, bounds and required fields', () => {
    const shape = toZodShape(vote.inputSchema);
    expect(Object.keys(shape ?? {})).toEqual(['agent_id', 'reason', 'confidence']);
    const schema = z.object(shape ?? {});
    expect(schema.safeParse({ agent_id: 'agent2', reason: 'best' }).success).toBe(true);
    expect(schema.safeParse({ agent_id: 'agent9', reason: 'best' }).success).toBe(false);
    expect(schema.safeParse({ agent_id: 'agent1' }).success).toBe(false);
    expect(schema.safeParse({ agent_id: 'agent1', reason: 'r', confidence: 2 }).success).toBe(false);
    // A single label stays an enum (zod's converter alone would make it a const).
    const single = z.object(toZodShape(createVoteSchema(['agent2'])) ?? {});
    expect(z.toJSONSchema(single).properties?.['agent_id']).toEqual({
      type: 'string',
      enum: ['agent2'],
      description: 'Label.',
    });
    expect(single.safeParse({ agent_id: 'agent1', reason: 'r' }).success).toBe(false);
    expect(toZodShape({ type: 'string' })).toBeUndefined();
    expect(toZodShape({ type: 'object', properties: { x: { $ref: '#/nowhere' } } })).toBeUndefined();
  });

  it('hands each call to MassGen with its tool_use id, and ends the turn after a workflow call', async () => {
    const sdk = await loadClaudeAgentSdk();
    const calls: BridgedToolCall[] = [];
    const prepared = prepareClaudeCodeTools({
      tools: [vote, lookup, { name: 'broken', description: 'x', inputSchema: { type: 'array' } }],
      turnEndingTools: ['vote'],
      sdk,
      agentId: 'coder',
      handle: async (call) => {
        calls.push(call);
        return call.endsTurn ? { content: 'Vote recorded.', isError: false } : { content: 'not found', isError: true };
      },
    });
    expect(prepared.names).toEqual(['vote', 'mcp__dictionary__lookup']);
    expect(prepared.warnings).toEqual([
      expect.objectContaining({
        code: 'tool-schema-unsupported',
        agentId: 'coder',
        message: expect.stringContaining('broken'),
      }),
    ]);
    // The SDK's MCP server validates arguments before it calls a handler; here they are valid.
    const invoke = (index: number, args: unknown, extra: unknown) =>
      (prepared.definitions[index]?.handler as (args: unknown, extra: unknown) => Promise<unknown>)(args, extra);
    const voted = await invoke(
      0,
      { agent_id: 'agent2', reason: 'best' },
      { _meta: { 'claudecode/toolUseId': 'toolu_1' } },
    );
    expect(voted).toEqual({ content: [{ type: 'text', text: 'Vote recorded.' }], _meta: { 'claude/endTurn': true } });
    const looked = await invoke(1, { word: 'moot' }, {});
    expect(looked).toEqual({ content: [{ type: 'text', text: 'not found' }], isError: true });
    expect(calls[0]).toEqual({
      id: 'toolu_1',
      name: 'vote',
      input: '{"agent_id":"agent2","reason":"best"}',
      endsTurn: true,
    });
    expect(calls[1]).toMatchObject({ name: 'mcp__dictionary__lookup', input: '{"word":"moot"}', endsTurn: false });
    expect(calls[1]?.id).toMatch(/^massgen_call_/);
  });
});
