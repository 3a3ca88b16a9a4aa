import type { ToolDefinition } from '@massgen/core';

/** A `new_answer` workflow tool as a backend or agent is offered it: one required `content` string and nothing else. */
export const newAnswerToolDefinition: ToolDefinition = {
  name: 'new_answer',
  description: 'Submit your complete answer.',
  inputSchema: {
    type: 'object',
    properties: { content: { type: 'string' } },
    required: ['content'],
    additionalProperties: false,
  },
};
