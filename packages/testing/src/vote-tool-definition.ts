import type { ToolDefinition } from '@massgen/core';

/**
 * A `vote` workflow tool as a backend or agent is offered it: the label of one of `labels`, a
 * reason, and an optional confidence from 0 to 1, and nothing else.
 */
export function voteToolDefinition(labels: string[]): ToolDefinition {
  return {
    name: 'vote',
    description: 'Vote for the best answer.',
    inputSchema: {
      type: 'object',
      properties: {
        agent_id: { type: 'string', enum: labels },
        reason: { type: 'string' },
        confidence: { type: 'number', minimum: 0, maximum: 1 },
      },
      required: ['agent_id', 'reason'],
      additionalProperties: false,
    },
  };
}
