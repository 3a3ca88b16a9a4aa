import type { MediaPart, Message, UserContentPart } from '@massgen/core';

/** The tags that give coordination prompts their structure. */
const structuralTags = [
  'task',
  'conversation_history',
  'message',
  'current_answers',
  'answer',
  'previous_attempt',
  'output',
  'vote_results',
  'vote',
  'person_messages',
  'person_message',
  'orchestration_restart',
  'restart_reason',
  'restart_instructions',
  'previous_final_answer',
  'final_answer',
] as const;

export type StructuralTag = (typeof structuralTags)[number];

const closingTag = new RegExp(`</(${structuralTags.join('|')})\\b`, 'gi');

/**
 * Wraps text as a delimited block. Closing tags of the prompt's own structure are broken up
 * inside the text, so quoted content (another agent's answer) cannot end its block early and
 * pass itself off as part of the instructions.
 */
export function quoteBlock(tag: StructuralTag, content: string, attributes: Record<string, string> = {}): string {
  return wrapBlock(tag, content.replace(closingTag, '<\\/$1'), attributes);
}

/** Wraps blocks the prompt builds itself (already quoted where needed), without escaping. */
export function wrapBlock(tag: StructuralTag, body: string, attributes: Record<string, string> = {}): string {
  const attributeText = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${value.replaceAll('"', '&quot;')}"`)
    .join('');
  return `<${tag}${attributeText}>\n${body}\n</${tag}>`;
}

/**
 * Earlier turns of an interactive session, as one quoted block. Only user questions and
 * assistant answers are kept: system and tool messages belong to other conversations' mechanics.
 */
export function quoteHistory(history: readonly Message[]): string | undefined {
  const turns = history.filter((message) => message.role === 'user' || message.role === 'assistant');
  if (turns.length === 0) return undefined;
  const body = turns
    .map((message) => quoteBlock('message', textOf(message.content), { role: message.role }))
    .join('\n');
  return wrapBlock('conversation_history', body);
}

function textOf(content: string | readonly UserContentPart[]): string {
  if (typeof content === 'string') return content;
  return content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n\n');
}

/**
 * The prompt's text, followed by the question's attachments: every agent sees the images and
 * files the user attached next to the task they belong to. Text alone stays a string.
 */
export function withAttachments(
  text: string,
  attachments: readonly MediaPart[] | undefined,
): string | UserContentPart[] {
  if (attachments === undefined || attachments.length === 0) return text;
  return [{ type: 'text', text }, ...attachments];
}
