import { createTeamResponder } from '@massgen/testing';
import type { FakeChatRequest, FakeReply, FakeResponder } from '@massgen/testing';

export interface ScriptedCall {
  name: string;
  arguments: Record<string, unknown>;
}

/**
 * A one-agent team's model that makes the given tool calls in order (one per tool result so
 * far), then answers `answer` (or what it makes of the tool results): as its text (a team of one
 * answers directly), or by `new_answer` when that is offered, voting for itself when asked. What
 * each call returned is in the requests the fake server logs.
 */
export function toolScriptResponder(
  calls: readonly ScriptedCall[],
  answerWith: string | ((results: string[]) => string) = 'Done.',
) {
  return (request: FakeChatRequest): FakeReply => {
    const offered = request.tools.map((tool) => tool.function.name);
    if (offered.includes('vote'))
      return { type: 'tool-calls', calls: [{ name: 'vote', arguments: { agent_id: 'agent1', reason: 'Done.' } }] };
    const done = request.messages.filter((message) => message.role === 'tool').length;
    const call = calls[done];
    if (call !== undefined) return { type: 'tool-calls', calls: [call] };
    const answer =
      typeof answerWith === 'string'
        ? answerWith
        : answerWith(
            request.messages.filter((message) => message.role === 'tool').map((message) => String(message.content)),
          );
    return offered.includes('new_answer')
      ? { type: 'tool-calls', calls: [{ name: 'new_answer', arguments: { content: answer } }] }
      : { type: 'text', text: answer };
  };
}

/** Every tool result the model was sent, in order, from the fake server's request log. */
export function toolResults(requests: readonly FakeChatRequest[]): string[] {
  const last = requests.at(-1);
  const longest = requests.reduce(
    (best, request) => (request.messages.length > best.messages.length ? request : best),
    last ?? { messages: [] },
  );
  return longest.messages.filter((message) => message.role === 'tool').map((message) => String(message.content));
}

/**
 * A team's model in which an agent offered one of `calls`, with no tool result in its
 * conversation yet, makes that call; with a result it answers `<prefix><result>` by
 * `new_answer`. Votes and the final answer come from `team` (`createTeamResponder()` by default).
 */
export function callOnceThenAnswer(
  calls: readonly ScriptedCall[],
  options: { prefix?: string; team?: FakeResponder } = {},
): FakeResponder {
  const team = options.team ?? createTeamResponder();
  const offers = (request: FakeChatRequest, name: string): boolean =>
    request.tools.some((tool) => tool.function.name === name);
  return (request, context): FakeReply | Promise<FakeReply> => {
    if (!offers(request, 'new_answer')) return team(request, context);
    const result = request.messages.find((message) => message.role === 'tool');
    const call = calls.find((candidate) => offers(request, candidate.name));
    if (result === undefined && call !== undefined) return { type: 'tool-calls', calls: [call] };
    if (result === undefined) return team(request, context);
    const content = `${options.prefix ?? 'Found: '}${String(result.content)}`;
    return { type: 'tool-calls', calls: [{ name: 'new_answer', arguments: { content } }] };
  };
}
