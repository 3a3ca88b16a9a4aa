import type { ToolDefinition } from '@massgen/core';

/** A `new_answer` workflow tool as a backend or agent is offered it: one `content` string. */
export const newAnswerToolDefinition: ToolDefinition = {
  name: 'new_answer',
  description: 'Submit an answer',
  inputSchema: { type: 'object', properties: { content: { type: 'string' } } },
};
