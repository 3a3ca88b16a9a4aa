import type { Strategy } from '@massgen/core';
import { createVoteStrategy } from './vote-strategy.js';

/** The strategy module contract version this package implements. */
export const specificationVersion = 'v1' as const;

/** Loader entry point (`orchestrator.strategy: vote`): the vote strategy with default options. */
export function createStrategy(): Strategy {
  return createVoteStrategy();
}

/** The `orchestrator` keys the strategy owns, checked by the runtime and `--validate` at their lines. */
export {
  voteSettingsSchema as settingsSchema,
  voteAgentSettingsSchema as agentSettingsSchema,
  type VoteAgentKeys,
  type VoteKeys,
} from './vote-settings-schema.js';
/** An agent's own keys (`voting_sensitivity`). */
export { voteSettingsWarnings as settingsWarnings, voteModelChoices as modelChoices } from './vote-settings.js';
/** The model `answer_summary` names, checked before the run for every agent as the run would open it. */
export type { FinalAnswerStrategy, TopologySettings, VotingMethod, VotingSensitivity } from './vote-setting-types.js';

export { createVoteStrategy } from './vote-strategy.js';
export {
  createNewAnswerTool,
  createVoteTool,
  isWorkflowToolName,
  newAnswerToolName,
  voteToolName,
  workflowToolsFor,
  type OfferedTools,
} from './workflow-tools.js';
export { parseWorkflowCall, type ParsedWorkflowCall, type WorkflowCall } from './workflow-call.js';
export { tallyVotes, type TallyCandidate, type TallyVote, type VoteTally } from './vote-tally.js';
