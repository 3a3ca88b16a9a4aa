import { serverToolBlocks } from './fake-anthropic-server-tools.js';
import { signThinking } from './fake-anthropic-signature.js';
import type {
  FakeAnthropicRequest,
  FakeAnthropicTextReply,
  FakeAnthropicToolUseReply,
} from './fake-anthropic-server-types.js';

type ContentReply = FakeAnthropicTextReply | FakeAnthropicToolUseReply;

/** A content block of the reply, as the non-streaming body carries it. */
export type FakeResponseBlock =
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'redacted_thinking'; data: string }
  | { type: 'text'; text: string; citations?: Array<Record<string, unknown>> }
  | { type: 'tool_use' | 'server_tool_use'; id: string; name: string; input: unknown; inputJson: string }
  | { type: 'web_search_tool_result' | 'code_execution_tool_result'; tool_use_id: string; content: unknown };

export interface FakeResponseUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  output_tokens_details?: { thinking_tokens: number };
  server_tool_use?: { web_search_requests: number };
}

/** What the model produced for one request, before it is framed as events or as one JSON body. */
export interface FakeResponseMessage {
  id: string;
  model: string;
  blocks: FakeResponseBlock[];
  stopReason: string;
  stopSequence: string | null;
  usage: FakeResponseUsage;
}

/** Real servers report tokens; roughly four characters per token keeps the numbers plausible. */
function estimateTokens(text: string): number {
  return text.length === 0 ? 0 : Math.ceil(text.length / 4);
}

function promptText(request: FakeAnthropicRequest): string {
  const parts = [
    request.system,
    ...request.messages.map((message) =>
      typeof message.content === 'string' ? message.content : JSON.stringify(message.content),
    ),
  ];
  if (request.tools.length > 0) parts.push(JSON.stringify(request.tools));
  return parts.join('\n');
}

function parseInput(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return {};
  }
}

export function buildResponseMessage(request: FakeAnthropicRequest, reply: ContentReply): FakeResponseMessage {
  const blocks: FakeResponseBlock[] = [];
  if (reply.thinking !== undefined) {
    const thinking = typeof reply.thinking === 'string' ? { text: reply.thinking } : reply.thinking;
    blocks.push({
      type: 'thinking',
      thinking: thinking.text,
      signature: thinking.signature ?? signThinking(thinking.text),
    });
  }
  if (reply.redactedThinking !== undefined) blocks.push({ type: 'redacted_thinking', data: reply.redactedThinking });
  const serverTools = serverToolBlocks(reply.serverTools ?? [], request.index);
  blocks.push(...serverTools.blocks);
  const text = reply.text ?? '';
  if (text !== '' || reply.type === 'text')
    blocks.push(
      serverTools.citations.length > 0
        ? { type: 'text', text, citations: serverTools.citations }
        : { type: 'text', text },
    );
  if (reply.type === 'tool-use') {
    reply.calls.forEach((call, position) => {
      const inputJson = typeof call.input === 'string' ? call.input : JSON.stringify(call.input);
      blocks.push({
        type: 'tool_use',
        id: call.id ?? `toolu_fake_${request.index}_${position}`,
        name: call.name,
        input: parseInput(inputJson),
        inputJson,
      });
    });
  }
  const thinkingText = blocks.map((block) => (block.type === 'thinking' ? block.thinking : '')).join('');
  const outputText = blocks
    .map((block) =>
      block.type === 'text'
        ? block.text
        : block.type === 'tool_use' || block.type === 'server_tool_use'
          ? block.name + block.inputJson
          : '',
    )
    .join('');
  const thinkingTokens =
    estimateTokens(thinkingText) + (reply.redactedThinking === undefined ? 0 : estimateTokens(reply.redactedThinking));
  const usage: FakeResponseUsage = {
    input_tokens: reply.usage?.inputTokens ?? Math.max(1, estimateTokens(promptText(request))),
    output_tokens: reply.usage?.outputTokens ?? Math.max(1, estimateTokens(outputText) + thinkingTokens),
    cache_creation_input_tokens: reply.usage?.cacheCreationInputTokens ?? 0,
    cache_read_input_tokens: reply.usage?.cacheReadInputTokens ?? 0,
    ...(thinkingTokens > 0 ? { output_tokens_details: { thinking_tokens: thinkingTokens } } : {}),
    ...(serverTools.searches > 0 ? { server_tool_use: { web_search_requests: serverTools.searches } } : {}),
  };
  return {
    id: `msg_fake_${request.index}`,
    model: request.model,
    blocks,
    stopReason: reply.type === 'tool-use' ? 'tool_use' : (reply.stopReason ?? 'end_turn'),
    stopSequence: reply.type === 'text' && reply.stopReason === 'stop_sequence' ? (reply.stopSequence ?? null) : null,
    usage,
  };
}
