import { toolPreparer, type OfferedTools } from '@massgen/backend-openai-compatible';
import type { FunctionTool } from 'openai/resources/responses/responses';

export type PreparedResponsesTools = OfferedTools<FunctionTool>;

/**
 * Offers tools as Responses API function tools (flat, unlike Chat Completions). `strict` is off:
 * strict mode needs every property required and no extra ones, which MCP servers' schemas rarely
 * are.
 */
export const prepareResponsesTools = toolPreparer((tool): FunctionTool => ({
  type: 'function',
  name: tool.name,
  description: tool.description,
  parameters: tool.inputSchema,
  strict: false,
}));
