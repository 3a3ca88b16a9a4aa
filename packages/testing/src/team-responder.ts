import type { FakeChatRequest, FakeReply, FakeResponder } from './fake-openai-server-types.js';
import { decideTeamTurn, type TeamText as AnyTeamText, type TeamTurnOptions } from './team-turn.js';

/** Text for a Chat Completions request: the same for everyone, per `request.model`, or computed. */
export type TeamText = AnyTeamText<FakeChatRequest>;

export type TeamResponderOptions = TeamTurnOptions<FakeChatRequest>;

/**
 * A responder that plays every agent of a MassGen team: it votes when there are answers to vote
 * for, answers when it may only answer, and presents when no tools are offered. A whole
 * coordination can then run against one fake server without scripting each call.
 */
export function createTeamResponder(options: TeamResponderOptions = {}): FakeResponder {
  const timing = options.latencyMs === undefined ? {} : { latencyMs: options.latencyMs };
  return (request): FakeReply => {
    const tools = request.tools.map((tool) => ({ name: tool.function.name, parameters: tool.function.parameters }));
    const turn = decideTeamTurn(request, tools, options);
    if (turn.kind === 'text') return { type: 'text', text: turn.text, ...timing };
    return { type: 'tool-calls', calls: [{ name: turn.name, arguments: turn.input }], ...timing };
  };
}
