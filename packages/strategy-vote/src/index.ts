import type { Strategy } from '@massgen/core';
import { createVoteStrategy } from './vote-strategy.js';

/** The strategy module contract version this package implements. */
export const specificationVersion = 'v1' as const;

/** Loader entry point (`orchestrator.strategy: vote`): the vote strategy with default options. */
export function createStrategy(): Strategy {
  return createVoteStrategy();
}

export { createVoteStrategy } from './vote-strategy.js';
export {
  createNewAnswerTool,
  createVoteTool,
  isWorkflowToolName,
  newAnswerToolName,
  voteToolName,
  workflowToolsFor,
} from './workflow-tools.js';
export type { OfferedTools } from './workflow-tools.js';
export { parseWorkflowCall } from './workflow-call.js';
export type { ParsedWorkflowCall, WorkflowCall } from './workflow-call.js';
export { tallyVotes } from './vote-tally.js';
export type { TallyCandidate, TallyVote, VoteTally } from './vote-tally.js';
