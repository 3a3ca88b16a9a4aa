import type { BackendRequest, ToolDefinition } from '@massgen/core';
import type { FunctionCallingConfigMode, Tool, ToolConfig } from '@google/genai';

export interface PreparedGeminiTools {
  tools?: Tool[];
  toolConfig?: ToolConfig;
}

const modes: Readonly<Record<NonNullable<BackendRequest['toolChoice']>, `${FunctionCallingConfigMode}`>> = {
  auto: 'AUTO',
  required: 'ANY',
  none: 'NONE',
};

/**
 * Offers tools as function declarations with their JSON Schema as is (`parametersJsonSchema`,
 * which takes full JSON Schema, unlike the OpenAPI subset of `parameters`). The calling mode is
 * sent only with tools, since it means nothing without them.
 */
export function prepareGeminiTools(
  tools: readonly ToolDefinition[] | undefined,
  toolChoice: BackendRequest['toolChoice'],
): PreparedGeminiTools {
  if (tools === undefined || tools.length === 0) return {};
  return {
    tools: [
      {
        functionDeclarations: tools.map((tool) => ({
          name: tool.name,
          description: tool.description,
          parametersJsonSchema: tool.inputSchema,
        })),
      },
    ],
    ...(toolChoice === undefined
      ? {}
      : { toolConfig: { functionCallingConfig: { mode: modes[toolChoice] as FunctionCallingConfigMode } } }),
  };
}
