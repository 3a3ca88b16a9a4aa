import type { FakeGeminiReply, FakeGeminiRequest, FakeGeminiResponder } from './fake-gemini-server-types.js';
import { decideTeamTurn, type TeamTurnOptions } from './team-turn.js';

export type GeminiTeamResponderOptions = TeamTurnOptions<FakeGeminiRequest>;

/**
 * The Gemini counterpart of `createTeamResponder`: every agent of a MassGen team votes when
 * there are answers to vote for, answers when it may only answer, and presents when no
 * workflow function is declared. Calls go out the way Gemini sends them: whole, without ids.
 */
export function createGeminiTeamResponder(options: GeminiTeamResponderOptions = {}): FakeGeminiResponder {
  const timing = options.latencyMs === undefined ? {} : { latencyMs: options.latencyMs };
  return (request): FakeGeminiReply => {
    const tools = request.functionDeclarations.map((declaration) => ({
      name: declaration.name,
      parameters: declaration.parametersJsonSchema ?? declaration.parameters,
    }));
    const turn = decideTeamTurn(request, tools, options);
    if (turn.kind === 'text') return { type: 'text', text: turn.text, ...timing };
    return { type: 'function-calls', calls: [{ name: turn.name, args: turn.input }], ...timing };
  };
}
