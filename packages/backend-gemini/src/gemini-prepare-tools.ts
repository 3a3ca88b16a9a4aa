import type { BackendRequest, ToolDefinition, Warning } from '@massgen/core';
import type { FunctionCallingConfigMode, Tool, ToolConfig } from '@google/genai';
import { geminiGeneration } from './gemini-model-family.js';
import type { GeminiBuiltInTools } from './gemini-options.js';

export interface PreparedGeminiTools {
  tools?: Tool[];
  toolConfig?: ToolConfig;
  warnings: Warning[];
}

const modes: Readonly<Record<NonNullable<BackendRequest['toolChoice']>, `${FunctionCallingConfigMode}`>> = {
  auto: 'AUTO',
  required: 'ANY',
  none: 'NONE',
};

const noBuiltInTools: GeminiBuiltInTools = { googleSearch: false, codeExecution: false };

/** Google's own tools as the API names them, each its own entry of `tools`. */
function builtInToolEntries(builtIn: GeminiBuiltInTools): Tool[] {
  return [
    ...(builtIn.googleSearch ? [{ googleSearch: {} }] : []),
    ...(builtIn.codeExecution ? [{ codeExecution: {} }] : []),
  ];
}

/**
 * Gemini before 3 refuses a request that offers Google's own tools beside function declarations
 * ("Tool use with function calling is unsupported"); Gemini 3 takes both when asked to return
 * the server's tool invocations. A model whose id does not say its generation is given both,
 * and the provider's answer decides.
 */
function combinesWithFunctions(modelId: string): boolean {
  const generation = geminiGeneration(modelId);
  return generation === undefined || generation >= 3;
}

function withheldWarning(builtIn: GeminiBuiltInTools, modelId: string): Warning {
  const keys = [
    ...(builtIn.googleSearch ? ['enable_web_search'] : []),
    ...(builtIn.codeExecution ? ['enable_code_execution'] : []),
  ];
  return {
    code: 'unsupported-feature',
    message:
      `${modelId} cannot use Google's own tools (${keys.join(', ')}) in a request that also offers functions ` +
      '(Gemini 3 can); they are offered only on calls without functions, such as presenting the final answer.',
    path: `backend.${keys[0] ?? 'enable_web_search'}`,
  };
}

/**
 * Offers tools as function declarations with their JSON Schema as is (`parametersJsonSchema`,
 * which takes full JSON Schema, unlike the OpenAPI subset of `parameters`), then the Google tools
 * the configuration turns on (Google Search grounding, code execution). The calling mode is sent
 * only with functions, since it means nothing without them.
 */
export function prepareGeminiTools(
  tools: readonly ToolDefinition[] | undefined,
  toolChoice: BackendRequest['toolChoice'],
  modelId = '',
  builtIn: GeminiBuiltInTools = noBuiltInTools,
): PreparedGeminiTools {
  const builtInTools = builtInToolEntries(builtIn);
  if (tools === undefined || tools.length === 0) {
    return builtInTools.length === 0 ? { warnings: [] } : { tools: builtInTools, warnings: [] };
  }
  const combined = builtInTools.length > 0 && combinesWithFunctions(modelId);
  const functionCallingConfig =
    toolChoice === undefined ? {} : { functionCallingConfig: { mode: modes[toolChoice] as FunctionCallingConfigMode } };
  const toolConfig: ToolConfig = {
    ...functionCallingConfig,
    ...(combined ? { includeServerSideToolInvocations: true } : {}),
  };
  return {
    tools: [
      {
        functionDeclarations: tools.map((tool) => ({
          name: tool.name,
          description: tool.description,
          parametersJsonSchema: tool.inputSchema,
        })),
      },
      ...(combined ? builtInTools : []),
    ],
    ...(Object.keys(toolConfig).length === 0 ? {} : { toolConfig }),
    warnings: builtInTools.length > 0 && !combined ? [withheldWarning(builtIn, modelId)] : [],
  };
}
