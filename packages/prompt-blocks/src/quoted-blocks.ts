import type { Message, UserContentPart } from '@massgen/core';

/** The tags of a quoted conversation history, structural in every prompt made with `createBlockQuoting`. */
export type HistoryTag = 'conversation_history' | 'message';

const historyTags: readonly HistoryTag[] = ['conversation_history', 'message'];

/** Writes a prompt's delimited blocks, with `Tag` the tags that give that prompt its structure. */
export interface BlockQuoting<Tag extends string> {
  /**
   * Wraps text as a delimited block. Closing tags of the prompt's own structure are broken up
   * inside the text, so quoted content (another agent's answer, an earlier stage's output) cannot
   * end its block early and pass itself off as part of the instructions.
   */
  quoteBlock: (tag: Tag | HistoryTag, content: string, attributes?: Record<string, string>) => string;
  /** Wraps blocks the prompt builds itself (already quoted where needed), without escaping. */
  wrapBlock: (tag: Tag | HistoryTag, body: string, attributes?: Record<string, string>) => string;
  /**
   * Earlier turns of an interactive session, as one quoted block. Only user questions and
   * assistant answers are kept: system and tool messages belong to other conversations' mechanics.
   */
  quoteHistory: (history: readonly Message[]) => string | undefined;
}

/** The quoting for a prompt whose structure is made of `structuralTags` and the history's tags. */
export function createBlockQuoting<Tag extends string>(structuralTags: readonly Tag[]): BlockQuoting<Tag> {
  const closingTag = new RegExp(`</(${[...structuralTags, ...historyTags].join('|')})\\b`, 'gi');
  const wrapBlock = (tag: Tag | HistoryTag, body: string, attributes: Record<string, string> = {}): string => {
    const attributeText = Object.entries(attributes)
      .map(([name, value]) => ` ${name}="${value.replaceAll('"', '&quot;')}"`)
      .join('');
    return `<${tag}${attributeText}>\n${body}\n</${tag}>`;
  };
  const quoteBlock = (tag: Tag | HistoryTag, content: string, attributes: Record<string, string> = {}): string =>
    wrapBlock(tag, content.replace(closingTag, '<\\/$1'), attributes);
  const quoteHistory = (history: readonly Message[]): string | undefined => {
    const turns = history.filter((message) => message.role === 'user' || message.role === 'assistant');
    if (turns.length === 0) return undefined;
    const body = turns
      .map((message) => quoteBlock('message', textOf(message.content), { role: message.role }))
      .join('\n');
    return wrapBlock('conversation_history', body);
  };
  return { quoteBlock, wrapBlock, quoteHistory };
}

function textOf(content: string | readonly UserContentPart[]): string {
  if (typeof content === 'string') return content;
  return content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n\n');
}
