import type { FakeAnthropicRequest, FakeAnthropicTool } from './fake-anthropic-server-types.js';

/**
 * A streamed request from `claude-a` as the fake Anthropic server reads it, offering `tools`, with
 * the task as its only message unless `fields` says otherwise: what the team responders' tests answer.
 */
export function teamRequest(
  tools: FakeAnthropicTool[],
  fields: Partial<Pick<FakeAnthropicRequest, 'messages' | 'body'>> = {},
): FakeAnthropicRequest {
  return {
    index: 0,
    body: {},
    headers: {},
    query: {},
    model: 'claude-a',
    system: '',
    messages: [{ role: 'user', content: 'Task' }],
    tools,
    stream: true,
    media: [],
    ...fields,
  };
}

/** MassGen's workflow tools as a request offers them, under `prefix` (Claude Code's MCP names). */
export function workflowTools(prefix = ''): {
  newAnswer: FakeAnthropicTool;
  vote: (labels: string[]) => FakeAnthropicTool;
} {
  return {
    newAnswer: {
      name: `${prefix}new_answer`,
      input_schema: { type: 'object', properties: { content: { type: 'string' } } },
    },
    vote: (labels) => ({
      name: `${prefix}vote`,
      input_schema: {
        type: 'object',
        properties: { agent_id: { type: 'string', enum: labels }, reason: { type: 'string' } },
      },
    }),
  };
}
