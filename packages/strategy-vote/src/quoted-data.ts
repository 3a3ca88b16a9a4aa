import { createBlockQuoting } from '@massgen/prompt-blocks';

/** The tags that give coordination prompts their structure, besides the conversation history's. */
const structuralTags = [
  'task',
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

export const { quoteBlock, wrapBlock, quoteHistory } = createBlockQuoting<StructuralTag>(structuralTags);
