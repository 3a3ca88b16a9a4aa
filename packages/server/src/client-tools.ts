import { badRequest } from './openai-errors.js';
import type { ApiError } from './openai-errors.js';
import type { ChatRequest } from './request-schema.js';

/**
 * Tool names MassGen's coordination uses or reserves (upstream reserves `submit`,
 * `restart_orchestration` and the broadcast tools too). A client tool with one of these names
 * could be mistaken for a coordination step, so it is refused.
 */
const reservedToolNames = new Set([
  'new_answer',
  'vote',
  'submit',
  'restart_orchestration',
  'ask_others',
  'respond_to_broadcast',
  'check_broadcast_status',
  'get_broadcast_responses',
]);

/**
 * Client tools are never offered to the agents: the operator's configuration alone decides
 * which tools agents get. They are accepted and ignored, except names that collide with
 * MassGen's workflow tools.
 */
export function checkClientTools(tools: ChatRequest['tools']): ApiError | undefined {
  for (const [index, tool] of (tools ?? []).entries()) {
    const name = tool.function?.name;
    if (name !== undefined && reservedToolNames.has(name)) {
      return badRequest(
        `Tool name "${name}" is reserved for MassGen's coordination between agents; rename the tool.`,
        'reserved_tool_name',
        `tools[${index}].function.name`,
      );
    }
  }
  return undefined;
}
