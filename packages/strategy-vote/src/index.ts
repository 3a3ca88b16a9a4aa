import type { Strategy } from '@massgen/core';
import { createVoteStrategy } from './vote-strategy.js';

/** The strategy module contract version this package implements. */
export const specificationVersion = 'v1' as const;

/** Loader entry point (`orchestrator.strategy: vote`): the vote strategy with default options. */
export function createStrategy(): Strategy {
  return createVoteStrategy();
}

/** The `orchestrator` keys the strategy owns, checked by the runtime and `--validate` at their lines. */
export { voteSettingsSchema as settingsSchema } from './vote-settings-schema.js';
/** An agent's own keys (`voting_sensitivity`). */
export { voteAgentSettingsSchema as agentSettingsSchema } from './vote-settings-schema.js';
export { voteSettingsWarnings as settingsWarnings } from './vote-settings.js';
/** The model `answer_summary` names, checked before the run for every agent as the run would open it. */
export { voteModelChoices as modelChoices } from './vote-settings.js';
export type { VoteAgentKeys, VoteKeys } from './vote-settings-schema.js';
export type { FinalAnswerStrategy, TopologySettings, VotingMethod, VotingSensitivity } from './vote-setting-types.js';

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
