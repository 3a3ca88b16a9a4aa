import { conversationTurns, isTextMediaType, mediaSourceOf, textOfFile } from '@massgen/backend-utils';
import { MassGenError } from '@massgen/core';
import type { MediaPart, Message, UserContentPart } from '@massgen/core';
import { readThinkingBlocks, type ThinkingBlock } from './claude-thinking-metadata.js';

type ClaudeMediaSource =
  | { type: 'base64'; media_type: string; data: string }
  | { type: 'url'; url: string }
  | { type: 'text'; media_type: 'text/plain'; data: string };

export type ClaudeContentBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; source: ClaudeMediaSource }
  | { type: 'document'; source: ClaudeMediaSource; title?: string }
  | ThinkingBlock
  | { type: 'tool_use'; id: string; name: string; input: unknown }
  | { type: 'tool_result'; tool_use_id: string; content: string; is_error?: boolean };

export interface ClaudeMessage {
  role: 'user' | 'assistant';
  content: ClaudeContentBlock[];
}

export interface ClaudeConversation {
  /** Every system message, joined: the Messages API takes the system prompt apart from the turns. */
  system?: string;
  messages: ClaudeMessage[];
}

/** Claude needs the input as an object; a call whose JSON was cut off is replayed with an empty one. */
function parseToolInput(input: string): unknown {
  if (input.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(input);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

function mediaBlock(part: MediaPart): ClaudeContentBlock {
  const title = part.filename === undefined ? {} : { title: part.filename };
  if (isTextMediaType(part.mediaType))
    return { type: 'document', source: { type: 'text', media_type: 'text/plain', data: textOfFile(part) }, ...title };
  const data = mediaSourceOf(part);
  const source: ClaudeMediaSource =
    data.type === 'url'
      ? { type: 'url', url: data.url }
      : { type: 'base64', media_type: part.mediaType, data: data.base64 };
  if (part.mediaType.startsWith('image/')) return { type: 'image', source };
  if (part.mediaType === 'application/pdf') return { type: 'document', source, ...title };
  // The backend checks the conversation against what the API takes before it gets here.
  throw new MassGenError({
    code: 'MEDIA_UNSUPPORTED',
    message: `Claude's Messages API has no content block for ${part.mediaType}.`,
  });
}

function userBlocks(content: string | readonly UserContentPart[]): ClaudeContentBlock[] {
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  return content.flatMap((part): ClaudeContentBlock[] => {
    if (part.type !== 'text') return [mediaBlock(part)];
    return part.text === '' ? [] : [{ type: 'text', text: part.text }];
  });
}

function assistantBlocks(message: Extract<Message, { role: 'assistant' }>): ClaudeContentBlock[] {
  const blocks: ClaudeContentBlock[] = [...readThinkingBlocks(message.providerMetadata)];
  if (message.content !== '') blocks.push({ type: 'text', text: message.content });
  for (const call of message.toolCalls ?? [])
    blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: parseToolInput(call.input) });
  return blocks;
}

/** Tool results must open a user message, before any text in it. */
function resultsFirst(blocks: ClaudeContentBlock[]): ClaudeContentBlock[] {
  return [
    ...blocks.filter((block) => block.type === 'tool_result'),
    ...blocks.filter((block) => block.type !== 'tool_result'),
  ];
}

/**
 * Converts MassGen's provider-neutral messages to Messages API turns. Tool results become
 * `tool_result` blocks of a user turn, and consecutive turns of one role are merged, since the API
 * wants all results of one assistant turn together in the next user turn. Thinking blocks kept in
 * an assistant message's metadata are replayed ahead of its text and tool calls, where Claude put
 * them. Empty text is left out, because the API rejects empty text blocks. Images become `image`
 * blocks, PDFs and text files `document` blocks named by their file.
 */
export function convertToClaudeMessages(messages: readonly Message[]): ClaudeConversation {
  const { system, turns } = conversationTurns<ClaudeMessage['role'], ClaudeContentBlock>(messages, {
    assistantRole: 'assistant',
    user: userBlocks,
    assistant: assistantBlocks,
    tool: (message) => [
      {
        type: 'tool_result',
        tool_use_id: message.toolCallId,
        content: message.content,
        ...(message.isError === true ? { is_error: true } : {}),
      },
    ],
  });
  const ordered = turns.map(({ role, parts }): ClaudeMessage => ({
    role,
    content: role === 'user' ? resultsFirst(parts) : parts,
  }));
  return { ...(system.length === 0 ? {} : { system: system.join('\n\n') }), messages: ordered };
}
