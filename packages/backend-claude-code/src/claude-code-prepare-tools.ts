import { randomUUID } from 'node:crypto';
import type { ToolDefinition, Warning } from '@massgen/core';
import type { SdkMcpToolDefinition } from '@anthropic-ai/claude-agent-sdk';
import { z } from 'zod';
import type { ClaudeAgentSdk } from './load-claude-agent-sdk.js';

/** A call Claude Code made to one of MassGen's tools. */
export interface BridgedToolCall {
  /** Claude Code's `tool_use` id, so the call and its result pair up in MassGen's history. */
  id: string;
  name: string;
  /** The arguments as JSON text, as core `tool-call` parts carry them. */
  input: string;
  /** A workflow tool: its call ends the agent's turn. */
  endsTurn: boolean;
}

export interface BridgedToolResult {
  content: string;
  isError: boolean;
}

export type BridgedToolHandler = (call: BridgedToolCall) => Promise<BridgedToolResult>;

export interface PreparedClaudeCodeTools {
  definitions: Array<SdkMcpToolDefinition<z.ZodRawShape>>;
  /** MassGen names of the tools offered. */
  names: string[];
  warnings: Warning[];
}

/** Claude Code ends its turn after a tool result that carries this flag (its end-turn MCP tools). */
const endTurnMeta = { 'claude/endTurn': true };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * One property as zod. A string enum becomes `z.enum` even with a single value, which zod's own
 * converter would turn into a literal, shown to the model as `const` rather than the `enum` of
 * labels a `vote` tool offers.
 */
function toZodProperty(schema: Record<string, unknown>): z.ZodType {
  const values = schema['enum'];
  if (
    Array.isArray(values) &&
    values.length > 0 &&
    values.every((value): value is string => typeof value === 'string')
  ) {
    const property = z.enum(values as [string, ...string[]]);
    return typeof schema['description'] === 'string' ? property.describe(schema['description']) : property;
  }
  return z.fromJSONSchema(schema);
}

/** The fields of an object schema as zod, which the SDK's MCP server needs; `undefined` if it is not one. */
export function toZodShape(schema: unknown): z.ZodRawShape | undefined {
  if (!isRecord(schema) || schema['type'] !== 'object') return undefined;
  const properties = schema['properties'] ?? {};
  if (!isRecord(properties)) return undefined;
  const required = new Set(Array.isArray(schema['required']) ? schema['required'] : []);
  try {
    const shape: Record<string, z.ZodType> = {};
    for (const [name, property] of Object.entries(properties)) {
      if (!isRecord(property)) return undefined;
      const converted = toZodProperty(property);
      shape[name] = required.has(name) ? converted : converted.optional();
    }
    return shape;
  } catch {
    return undefined;
  }
}

/** Starts the id of a call whose `tool_use` id Claude Code did not pass along. */
export const generatedCallIdPrefix = 'massgen_call_';

function toolUseId(extra: unknown): string {
  const meta = (extra as { _meta?: Record<string, unknown> } | undefined)?._meta;
  const id = meta?.['claudecode/toolUseId'];
  return typeof id === 'string' && id !== '' ? id : `${generatedCallIdPrefix}${randomUUID()}`;
}

/**
 * MassGen's tools (the workflow tools and those the runtime runs: MCP servers, workspace tools)
 * as tools of an in-process MCP server for Claude Code. Each call goes to `handle`; a workflow
 * call's result tells Claude Code to end its turn there.
 */
export function prepareClaudeCodeTools(input: {
  tools: readonly ToolDefinition[];
  turnEndingTools: readonly string[] | undefined;
  sdk: Pick<ClaudeAgentSdk, 'tool'>;
  handle: BridgedToolHandler;
  agentId: string;
}): PreparedClaudeCodeTools {
  const turnEnding = new Set(input.turnEndingTools ?? []);
  const prepared: PreparedClaudeCodeTools = { definitions: [], names: [], warnings: [] };
  for (const tool of input.tools) {
    const shape = toZodShape(tool.inputSchema);
    if (shape === undefined) {
      prepared.warnings.push({
        code: 'tool-schema-unsupported',
        message: `The tool ${tool.name} is not offered to Claude Code: its input schema is not a JSON Schema object that can be converted.`,
        agentId: input.agentId,
      });
      continue;
    }
    const endsTurn = turnEnding.has(tool.name);
    prepared.names.push(tool.name);
    prepared.definitions.push(
      input.sdk.tool(tool.name, tool.description, shape, async (args, extra) => {
        const result = await input.handle({
          id: toolUseId(extra),
          name: tool.name,
          input: JSON.stringify(args),
          endsTurn,
        });
        return {
          content: [{ type: 'text', text: result.content }],
          ...(result.isError ? { isError: true } : {}),
          ...(endsTurn ? { _meta: endTurnMeta } : {}),
        };
      }),
    );
  }
  return prepared;
}
