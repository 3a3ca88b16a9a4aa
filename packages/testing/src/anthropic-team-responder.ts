import type {
  FakeAnthropicReply,
  FakeAnthropicRequest,
  FakeAnthropicResponder,
} from './fake-anthropic-server-types.js';
import { decideTeamTurn, type TeamTurnOptions } from './team-turn.js';

export type AnthropicTeamResponderOptions = TeamTurnOptions<FakeAnthropicRequest> & {
  /** Thinking streamed before every reply, for teams of thinking models. */
  thinking?: string;
};

/**
 * The Anthropic counterpart of `createTeamResponder`: every agent of a MassGen team votes when
 * there are answers to vote for, answers when it may only answer, and presents when no workflow
 * tool is offered. Calls go out as `tool_use` blocks, as Claude sends them.
 */
export function createAnthropicTeamResponder(options: AnthropicTeamResponderOptions = {}): FakeAnthropicResponder {
  const extras = {
    ...(options.latencyMs === undefined ? {} : { latencyMs: options.latencyMs }),
    ...(options.thinking === undefined ? {} : { thinking: options.thinking }),
  };
  return (request): FakeAnthropicReply => {
    const tools = request.tools.map((tool) => ({ name: tool.name, parameters: tool.input_schema }));
    const turn = decideTeamTurn(request, tools, options);
    if (turn.kind === 'text') return { type: 'text', text: turn.text, ...extras };
    return { type: 'tool-use', calls: [{ name: turn.name, input: turn.input }], ...extras };
  };
}
