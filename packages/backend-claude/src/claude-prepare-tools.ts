import type { BackendRequest, ToolDefinition, Warning } from '@massgen/core';

export type ClaudeTool =
  | { name: string; description: string; input_schema: { type: 'object'; [key: string]: unknown } }
  /** One of Anthropic's server tools, which Claude runs itself. */
  | { type: 'web_search_20250305' | 'code_execution_20250522'; name: 'web_search' | 'code_execution' };

export type ClaudeToolChoice = { type: 'auto' } | { type: 'any' } | { type: 'none' };

export interface PreparedTools {
  tools?: ClaudeTool[];
  tool_choice?: ClaudeToolChoice;
  warnings: Warning[];
}

/**
 * Offers tools as custom tools, then the server tools the configuration turns on. `tool_choice` is sent only with tools. With thinking on, Claude
 * accepts only `auto` and `none`: a required tool call is then asked for as `auto`, with a warning,
 * and the strategy's turn rules still demand the call.
 */
export function prepareClaudeTools(
  tools: readonly ToolDefinition[] | undefined,
  toolChoice: BackendRequest['toolChoice'],
  thinking: boolean,
  serverTools: { webSearch: boolean; codeExecution: boolean } = { webSearch: false, codeExecution: false },
): PreparedTools {
  const offered: ClaudeTool[] = [
    // Claude rejects a tool whose schema is not an object schema; MCP servers sometimes omit the type.
    ...(tools ?? []).map((tool) => ({
      name: tool.name,
      description: tool.description,
      input_schema: { ...tool.inputSchema, type: 'object' as const },
    })),
    ...(serverTools.webSearch ? [{ type: 'web_search_20250305' as const, name: 'web_search' as const }] : []),
    ...(serverTools.codeExecution
      ? [{ type: 'code_execution_20250522' as const, name: 'code_execution' as const }]
      : []),
  ];
  if (offered.length === 0) return { warnings: [] };
  const warnings: Warning[] = [];
  const prepared: PreparedTools = { tools: offered, warnings };
  if (toolChoice === 'none') prepared.tool_choice = { type: 'none' };
  else if (toolChoice === 'auto') prepared.tool_choice = { type: 'auto' };
  else if (toolChoice === 'required' && !thinking) prepared.tool_choice = { type: 'any' };
  else if (toolChoice === 'required') {
    prepared.tool_choice = { type: 'auto' };
    warnings.push({
      code: 'unsupported-setting',
      message: 'Claude cannot be forced to call a tool while it thinks; the tool choice "required" was sent as "auto".',
    });
  }
  return prepared;
}
