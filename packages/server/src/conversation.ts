import type { Message } from '@massgen/core';
import { badRequest } from './openai-errors.js';
import type { ApiError } from './openai-errors.js';
import type { ChatMessage } from './request-schema.js';

export type ConversationResult = { ok: true; task: string; history: Message[] } | { ok: false; error: ApiError };

/**
 * Splits a Chat Completions conversation into the task (the last message, which must be the
 * user's) and the history before it. The server runs no client tools, so tool results and
 * non-text content are refused rather than dropped.
 */
export function toConversation(messages: readonly ChatMessage[]): ConversationResult {
  const history: Message[] = [];
  for (const [index, message] of messages.entries()) {
    const text = textOf(message, index);
    if (!text.ok) return text;
    switch (message.role) {
      case 'system':
      case 'developer':
        history.push({ role: 'system', content: text.value });
        break;
      case 'user':
        history.push({ role: 'user', content: text.value });
        break;
      case 'assistant':
        history.push({ role: 'assistant', content: text.value });
        break;
      case 'tool':
      case 'function':
        return {
          ok: false,
          error: badRequest(
            `Messages with role "${message.role}" are not supported: MassGen does not run client tools, so a conversation with it has no tool results.`,
            'unsupported_role',
            `messages[${index}].role`,
          ),
        };
    }
  }
  const last = history.pop();
  const lastIndex = messages.length - 1;
  if (last?.role !== 'user' || typeof last.content !== 'string') {
    return {
      ok: false,
      error: badRequest(
        'The last message must have role "user": it is the task for the team.',
        'invalid_value',
        `messages[${lastIndex}].role`,
      ),
    };
  }
  if (last.content.trim() === '') {
    return {
      ok: false,
      error: badRequest(
        'The last user message is empty: it must hold the task for the team.',
        'invalid_value',
        `messages[${lastIndex}].content`,
      ),
    };
  }
  return { ok: true, task: last.content, history };
}

function textOf(message: ChatMessage, index: number): { ok: true; value: string } | { ok: false; error: ApiError } {
  const content = message.content;
  if (content === undefined || content === null) {
    if (message.role === 'assistant') return { ok: true, value: '' };
    return {
      ok: false,
      error: badRequest(
        `Missing required parameter: 'messages[${index}].content'.`,
        'missing_required_parameter',
        `messages[${index}].content`,
      ),
    };
  }
  if (typeof content === 'string') return { ok: true, value: content };
  const texts: string[] = [];
  for (const [partIndex, part] of content.entries()) {
    if (part.type !== 'text' || part.text === undefined) {
      const param = `messages[${index}].content[${partIndex}]`;
      return {
        ok: false,
        error: badRequest(
          `Content parts of type "${part.type}" are not supported: MassGen agents receive text only. Send parts of type "text" with a "text" string.`,
          'unsupported_content',
          param,
        ),
      };
    }
    texts.push(part.text);
  }
  return { ok: true, value: texts.join('\n') };
}
