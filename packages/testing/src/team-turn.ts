/** Text for a request: the same for everyone, per `request.model`, or computed. */
export type TeamText<Request extends { model: string }> =
  string | Record<string, string> | ((request: Request) => string);

/** How a fake team plays its turns; the same rules whatever wire protocol carries them. */
export interface TeamTurnOptions<Request extends { model: string }> {
  /** Content of each `new_answer` call. Defaults to `Answer from <model>.` */
  answer?: TeamText<Request>;
  /** Label to vote for, per `request.model` or computed from the offered labels. Defaults to the first label. */
  vote?: Record<string, string> | ((labels: readonly string[], request: Request) => string);
  /** Reason given with each vote. Defaults to a sentence naming the chosen label. */
  voteReason?: string;
  /** Sent with each vote when set, for weighted voting. */
  confidence?: number;
  /** Text streamed when no tools are offered (the final presentation). Defaults to the answer text. */
  finalText?: TeamText<Request>;
  /** Delay before each reply's first byte. */
  latencyMs?: number;
}

/** A tool as the request offered it: its name and the JSON Schema of its input. */
export interface OfferedTool {
  name: string;
  parameters: unknown;
}

/** What a team member does with one request. */
export type TeamTurn =
  { kind: 'call'; name: 'vote' | 'new_answer'; input: Record<string, unknown> } | { kind: 'text'; text: string };

/** Anonymous labels the `vote` tool lets the model choose from (its `agent_id` enum). */
function voteLabels(tool: OfferedTool): string[] {
  const parameters = tool.parameters;
  if (typeof parameters !== 'object' || parameters === null) return [];
  const properties = (parameters as Record<string, unknown>)['properties'];
  if (typeof properties !== 'object' || properties === null) return [];
  const agentId = (properties as Record<string, unknown>)['agent_id'];
  if (typeof agentId !== 'object' || agentId === null) return [];
  const labels = (agentId as Record<string, unknown>)['enum'];
  return Array.isArray(labels) ? labels.filter((label): label is string => typeof label === 'string') : [];
}

function resolveText<Request extends { model: string }>(
  text: TeamText<Request> | undefined,
  request: Request,
  fallback: string,
): string {
  if (text === undefined) return fallback;
  if (typeof text === 'string') return text;
  if (typeof text === 'function') return text(request);
  return text[request.model] ?? fallback;
}

/**
 * The rules every fake team responder follows: vote when there are answers to vote for, answer
 * when it may only answer, and present when no workflow tool is offered.
 */
export function decideTeamTurn<Request extends { model: string }>(
  request: Request,
  tools: readonly OfferedTool[],
  options: TeamTurnOptions<Request>,
): TeamTurn {
  const answer = resolveText(options.answer, request, `Answer from ${request.model}.`);
  const voteTool = tools.find((tool) => tool.name === 'vote');
  const labels = voteTool === undefined ? [] : voteLabels(voteTool);
  if (labels.length > 0) {
    const [first = ''] = labels;
    let label = first;
    if (typeof options.vote === 'function') label = options.vote(labels, request);
    else if (options.vote !== undefined) label = options.vote[request.model] ?? first;
    const input: Record<string, unknown> = {
      agent_id: label,
      reason: options.voteReason ?? `${label} gives a complete and correct answer.`,
    };
    if (options.confidence !== undefined) input['confidence'] = options.confidence;
    return { kind: 'call', name: 'vote', input };
  }
  if (tools.some((tool) => tool.name === 'new_answer'))
    return { kind: 'call', name: 'new_answer', input: { content: answer } };
  return { kind: 'text', text: resolveText(options.finalText, request, answer) };
}
