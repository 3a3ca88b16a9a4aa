import { createBlockQuoting } from '@massgen/prompt-blocks';

/** The tags that give pipeline prompts their structure, besides the conversation history's. */
const structuralTags = ['task', 'earlier_outputs', 'output', 'previous_attempt'] as const;

export type StructuralTag = (typeof structuralTags)[number];

export const { quoteBlock, wrapBlock, quoteHistory } = createBlockQuoting<StructuralTag>(structuralTags);
