import type { JsonSchema, ToolDefinition } from '@massgen/core';
import type { ChatModelFunctions, GbnfJsonSchema } from 'node-llama-cpp';
import { toGbnfJsonSchema } from './to-gbnf-json-schema.js';

/** The tools as node-llama-cpp functions, for calls the model chooses to make in its own syntax. */
export function toChatModelFunctions(tools: readonly ToolDefinition[]): ChatModelFunctions {
  const functions: Record<string, { description: string; params: GbnfJsonSchema }> = {};
  for (const tool of tools) {
    const params = toGbnfJsonSchema(tool.inputSchema);
    if (params !== undefined) functions[tool.name] = { description: tool.description, params };
  }
  return functions;
}

/**
 * The JSON Schema of exactly one call of one of `tools`, `{"name": ..., "arguments": {...}}`,
 * which the grammar turns into the only text the model can produce. Tools that cannot be
 * called at all (an enum with no values) are left out; undefined when none is left.
 */
export function forcedToolCallSchema(tools: readonly ToolDefinition[]): GbnfJsonSchema | undefined {
  const alternatives: GbnfJsonSchema[] = [];
  for (const tool of tools) {
    const argumentsSchema = toGbnfJsonSchema(tool.inputSchema);
    if (argumentsSchema === undefined) continue;
    alternatives.push({
      type: 'object',
      properties: { name: { const: tool.name }, arguments: argumentsSchema },
      required: ['name', 'arguments'],
      additionalProperties: false,
    });
  }
  if (alternatives.length === 0) return undefined;
  const [only] = alternatives;
  return alternatives.length === 1 && only !== undefined ? only : { oneOf: alternatives };
}

/** What the model is told about the tools when its reply must be a call, since the grammar alone cannot explain them. */
export function forcedToolCallInstructions(tools: readonly ToolDefinition[]): string {
  const lines = tools.map(
    (tool) =>
      `- ${tool.name}: ${tool.description}\n  arguments (JSON Schema): ${JSON.stringify(tool.inputSchema satisfies JsonSchema)}`,
  );
  return [
    'You can use these tools:',
    ...lines,
    'Reply with exactly one tool call as a JSON object: {"name": "<tool name>", "arguments": {<the arguments>}}.',
  ].join('\n');
}
