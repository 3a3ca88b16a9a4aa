import type {
  FakeAnthropicContentBlock,
  FakeAnthropicReply,
  FakeAnthropicRequest,
  FakeAnthropicResponder,
  FakeAnthropicToolUse,
} from './fake-anthropic-server-types.js';
import { decideTeamTurn, type TeamTurn, type TeamTurnOptions } from './team-turn.js';

/** Claude Code offers MassGen's tools as tools of the in-process MCP server "massgen". */
export const claudeCodeToolPrefix = 'mcp__massgen__';

export type ClaudeCodeTeamResponderOptions = TeamTurnOptions<FakeAnthropicRequest> & {
  /**
   * Built-in tool calls (Write, Read, ...) the agent makes one after another before it acts on
   * `turn`, the call it ends with: one per reply, the next once Claude Code returned the last one's result.
   */
  steps?: (request: FakeAnthropicRequest, turn: TeamTurn) => FakeAnthropicToolUse[];
};

/** The agent's workspace, from the line Claude Code's system prompt names it in: which agent a request is from. */
export function claudeCodeWorkspaceOf(request: FakeAnthropicRequest): string {
  const workspace = /You work in (.+?): create/.exec(request.system)?.[1];
  if (workspace === undefined) throw new Error('the system prompt names no workspace');
  return workspace;
}

function blocksOf(request: FakeAnthropicRequest): FakeAnthropicContentBlock[] {
  return request.messages.flatMap((message) => (Array.isArray(message.content) ? message.content : []));
}

/** Results Claude Code sent back for its own tools (not MassGen's) in this conversation so far. */
function builtInResults(request: FakeAnthropicRequest): number {
  const blocks = blocksOf(request);
  const builtIn = new Set(
    blocks.flatMap((block) =>
      block.type === 'tool_use' && !String(block.name).startsWith(claudeCodeToolPrefix) ? [String(block.id)] : [],
    ),
  );
  return blocks.filter((block) => block.type === 'tool_result' && builtIn.has(String(block.tool_use_id))).length;
}

/**
 * The team responder for agents on the `claude_code` backend, as the real Claude Code CLI calls
 * the fake server: workflow tools arrive as `mcp__massgen__new_answer` / `mcp__massgen__vote`, the
 * agent may first run built-in tools (`steps`), and replies carry thinking whenever the request
 * asks for it, as the API requires before tool use. Team rules as in `createTeamResponder`.
 */
export function createClaudeCodeTeamResponder(options: ClaudeCodeTeamResponderOptions = {}): FakeAnthropicResponder {
  return (request): FakeAnthropicReply => {
    const tools = request.tools.flatMap((tool) =>
      tool.name.startsWith(claudeCodeToolPrefix)
        ? [{ name: tool.name.slice(claudeCodeToolPrefix.length), parameters: tool.input_schema }]
        : [],
    );
    const turn = decideTeamTurn(request, tools, options);
    const thinking = (request.body['thinking'] as { type?: string } | undefined)?.type;
    const extras = {
      ...(options.latencyMs === undefined ? {} : { latencyMs: options.latencyMs }),
      ...(thinking === 'enabled' || thinking === 'adaptive' ? { thinking: 'Deciding the next step.' } : {}),
    };
    const step = options.steps?.(request, turn)[builtInResults(request)];
    if (step !== undefined) return { type: 'tool-use', calls: [step], ...extras };
    if (turn.kind === 'text') return { type: 'text', text: turn.text, ...extras };
    return { type: 'tool-use', calls: [{ name: `${claudeCodeToolPrefix}${turn.name}`, input: turn.input }], ...extras };
  };
}
