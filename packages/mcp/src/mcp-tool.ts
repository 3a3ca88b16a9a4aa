import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { Tool as McpToolDescription } from '@modelcontextprotocol/sdk/types.js';
import { MassGenError } from '@massgen/core';
import type { Tool, ToolContext, ToolResult } from '@massgen/core';
import type { McpServerConnection } from './mcp-server-connection.js';
import { capResult } from './result-cap.js';
import { toolResultText } from './tool-result-text.js';

export interface McpToolOptions {
  connection: McpServerConnection;
  tool: McpToolDescription;
  /** The name the agent sees (`mcp__<server>__<tool>`). */
  name: string;
  toolTimeoutMs: number;
  maxResultCharacters: number;
}

/**
 * One MCP tool as a MassGen tool. Every outcome is a result the model can read, failures
 * included: a timeout, a server that stopped, a tool error, a result cut to size.
 */
export function createMcpTool(options: McpToolOptions): Tool {
  const { connection, tool, name } = options;
  return {
    name,
    description: tool.description ?? tool.title ?? `Tool "${tool.name}" of the MCP server "${connection.name}".`,
    inputSchema: tool.inputSchema,
    // The server's own word that the tool changes nothing; planning mode trusts it, as MCP clients do.
    ...(tool.annotations?.readOnlyHint === true ? { readOnly: true } : {}),
    async execute(input: unknown, context: ToolContext): Promise<ToolResult> {
      if (typeof input !== 'object' || input === null || Array.isArray(input)) {
        return { content: `${name} expects a JSON object as input, matching its input schema.`, isError: true };
      }
      try {
        const result = await connection.callTool(tool.name, input as Record<string, unknown>, {
          signal: context.signal,
          timeoutMs: options.toolTimeoutMs,
        });
        return {
          content: capResult(toolResultText(result), options.maxResultCharacters),
          isError: result.isError === true,
        };
      } catch (error) {
        return {
          content: capResult(
            describeCallFailure(error, name, connection, options.toolTimeoutMs, context.signal),
            options.maxResultCharacters,
          ),
          isError: true,
        };
      }
    },
  };
}

function describeCallFailure(
  error: unknown,
  name: string,
  connection: McpServerConnection,
  timeoutMs: number,
  signal: AbortSignal,
): string {
  if (signal.aborted) return `${name} was cancelled.`;
  if (MassGenError.isInstance(error)) return `${name} failed: ${error.message}`;
  if (error instanceof McpError && error.code === (ErrorCode.RequestTimeout as number)) {
    return `${name} timed out after ${timeoutMs / 1000} s and was cancelled. Try a smaller request, or go on without this tool.`;
  }
  if (error instanceof McpError && error.code === (ErrorCode.ConnectionClosed as number)) {
    const why = connection.failure === undefined ? 'the connection closed' : `it ${connection.failure}`;
    return `${name} failed: MCP server "${connection.name}" stopped (${why}). Its tools are unavailable for the rest of this run.`;
  }
  const message = error instanceof Error ? error.message : String(error);
  return `${name} failed: ${message}`;
}
