import type { BackendRequest, ToolDefinition } from '@massgen/core';
import type { FunctionTool, ToolChoiceOptions } from 'openai/resources/responses/responses';

export interface PreparedResponsesTools {
  tools?: FunctionTool[];
  tool_choice?: ToolChoiceOptions;
  parallel_tool_calls?: boolean;
}

/**
 * Offers tools as Responses API function tools (flat, unlike Chat Completions). `strict` is off:
 * strict mode needs every property required and no extra ones, which MCP servers' schemas rarely
 * are. `tool_choice` and `parallel_tool_calls` are sent only with tools, since OpenAI rejects them
 * without any.
 */
export function prepareResponsesTools(
  tools: readonly ToolDefinition[] | undefined,
  toolChoice: BackendRequest['toolChoice'],
  parallelToolCalls?: boolean,
): PreparedResponsesTools {
  if (tools === undefined || tools.length === 0) return {};
  return {
    tools: tools.map((tool) => ({
      type: 'function',
      name: tool.name,
      description: tool.description,
      parameters: tool.inputSchema,
      strict: false,
    })),
    ...(toolChoice === undefined ? {} : { tool_choice: toolChoice }),
    ...(parallelToolCalls === undefined ? {} : { parallel_tool_calls: parallelToolCalls }),
  };
}
