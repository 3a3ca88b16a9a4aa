import type { BackendRequest, ToolDefinition } from '@massgen/core';
import type { ChatCompletionTool, ChatCompletionToolChoiceOption } from 'openai/resources/chat/completions';

export interface PreparedTools {
  tools?: ChatCompletionTool[];
  tool_choice?: ChatCompletionToolChoiceOption;
}

/**
 * Offers tools as function tools. `tool_choice` is sent only with tools, since OpenAI rejects a
 * request that sets it without any.
 */
export function prepareTools(
  tools: readonly ToolDefinition[] | undefined,
  toolChoice: BackendRequest['toolChoice'],
): PreparedTools {
  if (tools === undefined || tools.length === 0) return {};
  return {
    tools: tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
    })),
    ...(toolChoice === undefined ? {} : { tool_choice: toolChoice }),
  };
}
