import type { BackendRequest, ToolDefinition } from '@massgen/core';
import type { ChatCompletionTool } from 'openai/resources/chat/completions';

/** The tool fields of a request to an OpenAI API, in that API's tool shape. */
export interface OfferedTools<Tool> {
  tools?: Tool[];
  tool_choice?: NonNullable<BackendRequest['toolChoice']>;
  parallel_tool_calls?: boolean;
}

export type PreparedTools = OfferedTools<ChatCompletionTool>;

/**
 * Makes the tool preparer of an OpenAI API whose function tools `toTool` shapes. `tool_choice` and
 * `parallel_tool_calls` are sent only with tools, since OpenAI rejects a request that sets them
 * without any.
 */
export function toolPreparer<Tool>(
  toTool: (tool: ToolDefinition) => Tool,
): (
  tools: readonly ToolDefinition[] | undefined,
  toolChoice: BackendRequest['toolChoice'],
  parallelToolCalls?: boolean,
) => OfferedTools<Tool> {
  return (tools, toolChoice, parallelToolCalls) => {
    if (tools === undefined || tools.length === 0) return {};
    return {
      tools: tools.map(toTool),
      ...(toolChoice === undefined ? {} : { tool_choice: toolChoice }),
      ...(parallelToolCalls === undefined ? {} : { parallel_tool_calls: parallelToolCalls }),
    };
  };
}

/** Offers tools as Chat Completions function tools. */
export const prepareTools = toolPreparer((tool): ChatCompletionTool => ({
  type: 'function',
  function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
}));
