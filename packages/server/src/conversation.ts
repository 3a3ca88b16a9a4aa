import type { MediaPart, Message } from '@massgen/core';
import { badRequest } from './openai-errors.js';
import type { ApiError } from './openai-errors.js';
import { readUserContentParts } from './request-content-parts.js';
import type { AttachmentTally, ContentPartLimits } from './request-content-parts.js';
import type { ChatMessage } from './request-schema.js';

export type ConversationResult =
  { ok: true; task: string; attachments: MediaPart[]; history: Message[] } | { ok: false; error: ApiError };

/**
 * Splits a Chat Completions conversation into the task (the last message, which must be the
 * user's: its text, and its images, recordings and files as the run's attachments) and the
 * history before it. The server runs no client tools, so tool results are refused, and media
 * anywhere but in a user message too, rather than dropped.
 */
export async function toConversation(
  messages: readonly ChatMessage[],
  limits: ContentPartLimits,
): Promise<ConversationResult> {
  const history: Message[] = [];
  const tally: AttachmentTally = { count: 0 };
  for (const [index, message] of messages.entries()) {
    switch (message.role) {
      case 'system':
      case 'developer':
      case 'assistant': {
        const text = textOf(message, index);
        if (!text.ok) return text;
        history.push({ role: message.role === 'assistant' ? 'assistant' : 'system', content: text.value });
        break;
      }
      case 'user': {
        const content = message.content;
        if (content === undefined || content === null) return missingContent(index);
        if (typeof content === 'string') {
          history.push({ role: 'user', content });
          break;
        }
        const parts = await readUserContentParts(content, index, tally, limits);
        if (!parts.ok) return parts;
        const textOnly = parts.parts.every((part) => part.type === 'text');
        history.push({
          role: 'user',
          content: textOnly
            ? parts.parts.map((part) => (part.type === 'text' ? part.text : '')).join('\n')
            : parts.parts,
        });
        break;
      }
      case 'tool':
      case 'function':
        return refused(
          `Messages with role "${message.role}" are not supported: MassGen does not run client tools, so a conversation with it has no tool results.`,
          'unsupported_role',
          `messages[${index}].role`,
        );
    }
  }
  const last = history.pop();
  const lastIndex = messages.length - 1;
  if (last?.role !== 'user') {
    return refused(
      'The last message must have role "user": it is the task for the team.',
      'invalid_value',
      `messages[${lastIndex}].role`,
    );
  }
  const parts = typeof last.content === 'string' ? [{ type: 'text' as const, text: last.content }] : last.content;
  const task = parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
  if (task.trim() === '') {
    return refused(
      'The last user message has no text: it must hold the task for the team.',
      'invalid_value',
      `messages[${lastIndex}].content`,
    );
  }
  const attachments = parts.filter((part): part is MediaPart => part.type !== 'text');
  return { ok: true, task, attachments, history };
}

function missingContent(index: number): { ok: false; error: ApiError } {
  return refused(
    `Missing required parameter: 'messages[${index}].content'.`,
    'missing_required_parameter',
    `messages[${index}].content`,
  );
}

function textOf(message: ChatMessage, index: number): { ok: true; value: string } | { ok: false; error: ApiError } {
  const content = message.content;
  if (content === undefined || content === null) {
    return message.role === 'assistant' ? { ok: true, value: '' } : missingContent(index);
  }
  if (typeof content === 'string') return { ok: true, value: content };
  const texts: string[] = [];
  for (const [partIndex, part] of content.entries()) {
    if (part.type !== 'text' || part.text === undefined) {
      return refused(
        `Content parts of type "${part.type}" are not supported in a ${message.role} message: only user messages carry images, recordings and files, and other messages take parts of type "text" with a "text" string.`,
        'unsupported_content',
        `messages[${index}].content[${partIndex}]`,
      );
    }
    texts.push(part.text);
  }
  return { ok: true, value: texts.join('\n') };
}

/** A request refused with a 400 naming the parameter at fault. */
function refused(message: string, code: string, param: string): { ok: false; error: ApiError } {
  return { ok: false, error: badRequest(message, code, param) };
}
