import { createTeamResponder } from '@massgen/testing';
import type { FakeChatRequest, FakeReply, FakeResponder } from '@massgen/testing';

function offered(request: FakeChatRequest, name: string): boolean {
  return request.tools.some((tool) => tool.function.name === name);
}

function hasVoteLabels(request: FakeChatRequest): boolean {
  const vote = request.tools.find((tool) => tool.function.name === 'vote');
  const agentId = (vote?.function.parameters?.['properties'] as Record<string, { enum?: unknown[] }> | undefined)?.[
    'agent_id'
  ];
  return (agentId?.enum?.length ?? 0) > 0;
}

/**
 * A model that uses one MCP tool: it calls the tool when offered and no result is in the
 * conversation yet, then answers (`new_answer`, or plain text when presenting) quoting the
 * result. Votes, once there are answers, follow the usual team rules.
 */
export function toolUsingModel(
  toolName: string,
  input: Record<string, unknown>,
  onRequest: (request: FakeChatRequest) => void = () => undefined,
): FakeResponder {
  const team = createTeamResponder();
  return (request, context): FakeReply | Promise<FakeReply> => {
    onRequest(request);
    if (hasVoteLabels(request)) return team(request, context);
    const toolMessage = request.messages.find((message) => message.role === 'tool');
    if (toolMessage === undefined && offered(request, toolName))
      return { type: 'tool-calls', calls: [{ name: toolName, arguments: input }] };
    if (toolMessage !== undefined) {
      const quoted = `The tool said: ${String(toolMessage.content)}`;
      return offered(request, 'new_answer')
        ? { type: 'tool-calls', calls: [{ name: 'new_answer', arguments: { content: quoted } }] }
        : { type: 'text', text: quoted };
    }
    return team(request, context);
  };
}
