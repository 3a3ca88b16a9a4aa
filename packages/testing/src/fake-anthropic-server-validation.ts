import { readAnthropicMedia } from './fake-anthropic-media.js';
import { isValidThinkingSignature } from './fake-anthropic-signature.js';
import type {
  FakeAnthropicContentBlock,
  FakeAnthropicMessage,
  FakeAnthropicRequest,
} from './fake-anthropic-server-types.js';

const docs = 'Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking';
const toolNamePattern = /^[a-zA-Z0-9_-]{1,128}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function blocksOf(message: FakeAnthropicMessage): FakeAnthropicContentBlock[] {
  return Array.isArray(message.content) ? message.content : [];
}

function toolUseIds(message: FakeAnthropicMessage | undefined): string[] {
  if (message?.role !== 'assistant') return [];
  return blocksOf(message).flatMap((block) =>
    block.type === 'tool_use' && typeof block.id === 'string' ? [block.id] : [],
  );
}

function checkParameters(body: Record<string, unknown>): string | undefined {
  if (typeof body['model'] !== 'string' || body['model'] === '') return 'model: Field required';
  const maxTokens = body['max_tokens'];
  if (maxTokens === undefined) return 'max_tokens: Field required';
  if (typeof maxTokens !== 'number' || !Number.isInteger(maxTokens) || maxTokens < 1)
    return 'max_tokens: Input should be a valid integer greater than or equal to 1';
  const system = body['system'];
  if (system !== undefined && typeof system !== 'string' && !Array.isArray(system))
    return 'system: Input should be a valid string';
  if (body['temperature'] !== undefined && body['top_p'] !== undefined)
    return '`temperature` and `top_p` cannot both be specified for this model. Please use only one.';
  const tools = body['tools'];
  if (tools !== undefined && !Array.isArray(tools)) return 'tools: Input should be a valid list';
  for (const [index, tool] of (Array.isArray(tools) ? tools : []).entries()) {
    // Server tools (web search, bash, ...) carry a versioned `type` and no schema.
    if (!isRecord(tool) || (tool['type'] !== undefined && tool['type'] !== 'custom')) continue;
    if (typeof tool['name'] !== 'string' || !toolNamePattern.test(tool['name']))
      return `tools.${index}.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'`;
    const schema = tool['input_schema'];
    if (!isRecord(schema)) return `tools.${index}.custom.input_schema: Field required`;
    if (schema['type'] !== 'object') return `tools.${index}.custom.input_schema.type: Input should be 'object'`;
  }
  const choice = body['tool_choice'];
  if (
    isRecord(choice) &&
    (choice['type'] === 'any' || choice['type'] === 'tool') &&
    (!Array.isArray(tools) || tools.length === 0)
  ) {
    return 'tool_choice may only be specified while providing tools.';
  }
  return undefined;
}

function checkThinkingParameters(body: Record<string, unknown>): string | undefined {
  const thinking = body['thinking'];
  if (!isRecord(thinking) || (thinking['type'] !== 'enabled' && thinking['type'] !== 'adaptive')) return undefined;
  if (thinking['type'] === 'enabled') {
    const budget = thinking['budget_tokens'];
    if (typeof budget !== 'number' || !Number.isInteger(budget) || budget < 1024)
      return 'thinking.enabled.budget_tokens: Input should be greater than or equal to 1024';
    if (typeof body['max_tokens'] === 'number' && body['max_tokens'] <= budget)
      return `\`max_tokens\` must be greater than \`thinking.budget_tokens\`. ${docs}#max-tokens-and-context-window-size`;
  }
  const temperature = body['temperature'];
  if (temperature !== undefined && temperature !== 1)
    return `\`temperature\` may only be set to 1 when thinking is enabled or in adaptive mode. ${docs}#feature-compatibility`;
  if (body['top_k'] !== undefined)
    return `\`top_k\` is not supported when thinking is enabled. ${docs}#feature-compatibility`;
  const topP = body['top_p'];
  if (topP !== undefined && (typeof topP !== 'number' || topP < 0.95 || topP > 1))
    return `\`top_p\` must be unset or between 0.95 and 1 when thinking is enabled. ${docs}#feature-compatibility`;
  const choice = body['tool_choice'];
  if (isRecord(choice) && (choice['type'] === 'any' || choice['type'] === 'tool'))
    return 'Thinking may not be enabled when tool_choice forces tool use.';
  return undefined;
}

function checkMessageShapes(messages: readonly FakeAnthropicMessage[]): string | undefined {
  for (const [index, message] of messages.entries()) {
    if (!isRecord(message)) return `messages.${index}: Input should be a valid dictionary`;
    if (message.role !== 'user' && message.role !== 'assistant')
      return `messages.${index}.role: Input should be 'user' or 'assistant'`;
    const isFinalAssistant = index === messages.length - 1 && message.role === 'assistant';
    if (typeof message.content === 'string') {
      if (message.content === '' && !isFinalAssistant)
        return `messages.${index}: all messages must have non-empty content except for the optional final assistant message`;
      continue;
    }
    if (!Array.isArray(message.content)) return `messages.${index}.content: Input should be a valid list`;
    if (message.content.length === 0 && !isFinalAssistant)
      return `messages.${index}: all messages must have non-empty content except for the optional final assistant message`;
    for (const [position, block] of message.content.entries()) {
      if (!isRecord(block) || typeof block.type !== 'string')
        return `messages.${index}.content.${position}: Input should be a valid dictionary`;
      if (block.type === 'text' && (typeof block.text !== 'string' || block.text === ''))
        return 'messages: text content blocks must be non-empty';
      if (
        block.type === 'thinking' &&
        !isValidThinkingSignature(String(block.thinking ?? ''), String(block.signature ?? ''))
      ) {
        return `messages.${index}.content.${position}: Invalid \`signature\` in \`thinking\` block`;
      }
    }
  }
  return undefined;
}

/** Every `tool_use` is answered in the very next user turn, and every `tool_result` answers one. */
function checkToolPairing(messages: readonly FakeAnthropicMessage[]): string | undefined {
  for (const [index, message] of messages.entries()) {
    if (message.role !== 'user') continue;
    const blocks = blocksOf(message);
    const offered = new Set(toolUseIds(messages[index - 1]));
    let seenOther = false;
    for (const [position, block] of blocks.entries()) {
      if (block.type !== 'tool_result') {
        seenOther = true;
        continue;
      }
      const id = String(block.tool_use_id ?? '');
      if (!offered.has(id)) {
        return `messages.${index}.content.${position}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
      }
      if (seenOther)
        return `messages.${index}: \`tool_result\` blocks must come before any other content in a user message.`;
    }
  }
  for (const [index, message] of messages.entries()) {
    const ids = toolUseIds(message);
    const next = messages[index + 1];
    if (ids.length === 0 || next === undefined) continue;
    const answered = new Set(
      next.role === 'user'
        ? blocksOf(next).flatMap((block) => (block.type === 'tool_result' ? [String(block.tool_use_id)] : []))
        : [],
    );
    const missing = ids.filter((id) => !answered.has(id));
    if (missing.length > 0) {
      return `messages.${index + 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
    }
  }
  return undefined;
}

/**
 * With thinking on, an assistant turn whose tool calls the final user turn answers must open with
 * its thinking, replayed unchanged; the API needs it to continue the same line of reasoning.
 */
function checkThinkingReplay(
  body: Record<string, unknown>,
  messages: readonly FakeAnthropicMessage[],
): string | undefined {
  const thinking = body['thinking'];
  if (!isRecord(thinking) || (thinking['type'] !== 'enabled' && thinking['type'] !== 'adaptive')) return undefined;
  const last = messages.at(-1);
  if (last?.role !== 'user' || !blocksOf(last).some((block) => block.type === 'tool_result')) return undefined;
  const index = messages.length - 2;
  const assistant = messages[index];
  if (assistant?.role !== 'assistant') return undefined;
  const first = blocksOf(assistant)[0]?.type ?? 'text';
  if (first === 'thinking' || first === 'redacted_thinking') return undefined;
  return (
    `messages.${index}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${first}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block ` +
    '(preceeding the lastmost set of `tool_use` and `tool_result` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable `thinking`. ' +
    docs
  );
}

/**
 * The first reason the real Messages API would reject this request with a 400
 * `invalid_request_error`, in its own words; `undefined` when it would accept it.
 */
export function findAnthropicRequestProblem(request: FakeAnthropicRequest): string | undefined {
  const body = request.body;
  const messages = body['messages'];
  if (!Array.isArray(messages)) return 'messages: Field required';
  if (messages.length === 0) return 'messages: at least one message is required';
  return (
    checkParameters(body) ??
    checkThinkingParameters(body) ??
    checkMessageShapes(request.messages) ??
    readAnthropicMedia(request.messages).problem ??
    checkToolPairing(request.messages) ??
    checkThinkingReplay(body, request.messages)
  );
}
