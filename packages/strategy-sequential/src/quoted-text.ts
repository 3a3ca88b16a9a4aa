/** The tags that give pipeline prompts their structure. */
const structuralTags = [
  'task',
  'conversation_history',
  'message',
  'earlier_outputs',
  'output',
  'previous_attempt',
] as const;

export type StructuralTag = (typeof structuralTags)[number];

const closingTag = new RegExp(`</(${structuralTags.join('|')})\\b`, 'gi');

/**
 * Wraps text as a delimited block. Closing tags of the prompt's own structure are broken up
 * inside the text, so an earlier stage's output cannot end its block early and pass itself off
 * as part of the instructions.
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
