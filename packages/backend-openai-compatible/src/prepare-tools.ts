import type { BackendRequest, ToolDefinition } from '@massgen/core';
import type { ChatCompletionTool, ChatCompletionToolChoiceOption } from 'openai/resources/chat/completions';

export interface PreparedTools {
  tools?: ChatCompletionTool[];
  tool_choice?: ChatCompletionToolChoiceOption;
  parallel_tool_calls?: boolean;
}

/**
 * Offers tools as function tools. `tool_choice` and `parallel_tool_calls` are sent only with
 * tools, since OpenAI rejects a request that sets them without any.
 */
export function prepareTools(
  tools: readonly ToolDefinition[] | undefined,
  toolChoice: BackendRequest['toolChoice'],
  parallelToolCalls?: boolean,
): PreparedTools {
  if (tools === undefined || tools.length === 0) return {};
  return {
    tools: tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
    })),
    ...(toolChoice === undefined ? {} : { tool_choice: toolChoice }),
    ...(parallelToolCalls === undefined ? {} : { parallel_tool_calls: parallelToolCalls }),
  };
}
