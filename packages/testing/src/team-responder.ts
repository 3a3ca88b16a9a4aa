import type { FakeChatRequest, FakeChatTool, FakeReply, FakeResponder } from './fake-openai-server-types.js';

/** Text for a request: the same for everyone, per `request.model`, or computed. */
export type TeamText = string | Record<string, string> | ((request: FakeChatRequest) => string);

export interface TeamResponderOptions {
  /** Content of each `new_answer` call. Defaults to `Answer from <model>.` */
  answer?: TeamText;
  /** Label to vote for, per `request.model` or computed from the offered labels. Defaults to the first label. */
  vote?: Record<string, string> | ((labels: readonly string[], request: FakeChatRequest) => string);
  /** Reason given with each vote. Defaults to a sentence naming the chosen label. */
  voteReason?: string;
  /** Sent with each vote when set, for weighted voting. */
  confidence?: number;
  /** Text streamed when no tools are offered (the final presentation). Defaults to the answer text. */
  finalText?: TeamText;
  /** Delay before each reply's first byte. */
  latencyMs?: number;
}

function findTool(request: FakeChatRequest, name: string): FakeChatTool | undefined {
  return request.tools.find((tool) => tool.function.name === name);
}

/** Anonymous labels the `vote` tool lets the model choose from (its `agent_id` enum). */
function voteLabels(tool: FakeChatTool): string[] {
  const properties = tool.function.parameters?.['properties'];
  if (typeof properties !== 'object' || properties === null) return [];
  const agentId = (properties as Record<string, unknown>)['agent_id'];
  if (typeof agentId !== 'object' || agentId === null) return [];
  const labels = (agentId as Record<string, unknown>)['enum'];
  return Array.isArray(labels) ? labels.filter((label): label is string => typeof label === 'string') : [];
}

function resolveText(text: TeamText | undefined, request: FakeChatRequest, fallback: string): string {
  if (text === undefined) return fallback;
  if (typeof text === 'string') return text;
  if (typeof text === 'function') return text(request);
  return text[request.model] ?? fallback;
}

/**
 * A responder that plays every agent of a MassGen team: it votes when there are answers to vote
 * for, answers when it may only answer, and presents when no tools are offered. A whole
 * coordination can then run against one fake server without scripting each call.
 */
export function createTeamResponder(options: TeamResponderOptions = {}): FakeResponder {
  const timing = options.latencyMs === undefined ? {} : { latencyMs: options.latencyMs };

  function chooseLabel(labels: string[], request: FakeChatRequest): string {
    const [first = ''] = labels;
    if (options.vote === undefined) return first;
    if (typeof options.vote === 'function') return options.vote(labels, request);
    return options.vote[request.model] ?? first;
  }

  return (request): FakeReply => {
    const answer = resolveText(options.answer, request, `Answer from ${request.model}.`);
    const voteTool = findTool(request, 'vote');
    const labels = voteTool === undefined ? [] : voteLabels(voteTool);
    if (labels.length > 0) {
      const label = chooseLabel(labels, request);
      const input: Record<string, unknown> = { agent_id: label, reason: options.voteReason ?? `${label} gives a complete and correct answer.` };
      if (options.confidence !== undefined) input['confidence'] = options.confidence;
      return { type: 'tool-calls', calls: [{ name: 'vote', arguments: input }], ...timing };
    }
    if (findTool(request, 'new_answer') !== undefined) {
      return { type: 'tool-calls', calls: [{ name: 'new_answer', arguments: { content: answer } }], ...timing };
    }
    return { type: 'text', text: resolveText(options.finalText, request, answer), ...timing };
  };
}
