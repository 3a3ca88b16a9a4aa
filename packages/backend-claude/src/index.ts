import type { Backend, BackendSettings } from '@massgen/core';
import { createClaudeBackend } from './claude-backend.js';

export const specificationVersion = 'v1' as const;
export { metadata } from './claude-metadata.js';

/** The loader's entry point for `backend.type: claude`. */
export function createBackend(settings: BackendSettings): Backend {
  return createClaudeBackend(settings);
}

export { buildClaudeRequest } from './build-claude-request.js';
export type { ClaudeRequest, ClaudeRequestBody } from './build-claude-request.js';
export { apiKeyEnvironmentVariable, placeholderApiKey, resolveClaudeApiKey } from './claude-api-key.js';
export { createClaudeBackend } from './claude-backend.js';
export { mapClaudeError } from './claude-error.js';
export type { ClaudeErrorClasses, ClaudeErrorContext } from './claude-error.js';
export {
  anthropicBaseUrl,
  defaultTimeoutSeconds,
  minimumThinkingBudget,
  optionsSchema,
  parseClaudeOptions,
} from './claude-options.js';
export type { ClaudeOptions, ThinkingOption } from './claude-options.js';
export { prepareClaudeTools } from './claude-prepare-tools.js';
export type { ClaudeTool, ClaudeToolChoice, PreparedTools } from './claude-prepare-tools.js';
export { claudeRetryAfter } from './claude-retry-after.js';
export { mapClaudeStream } from './claude-stream.js';
export type { ClaudeStreamOptions } from './claude-stream.js';
export { metadataKey, readThinkingBlocks, thinkingMetadata } from './claude-thinking-metadata.js';
export type { ThinkingBlock } from './claude-thinking-metadata.js';
export { adaptiveDefaultMaxTokens, defaultMaxTokens, effortBudgets, planThinking } from './claude-thinking.js';
export type { ThinkingConfig, ThinkingPlan } from './claude-thinking.js';
export { mapClaudeUsage, mergeClaudeUsage } from './claude-usage.js';
export type { ClaudeUsageReport } from './claude-usage.js';
export { convertToClaudeMessages } from './convert-to-claude-messages.js';
export type { ClaudeContentBlock, ClaudeConversation, ClaudeMessage } from './convert-to-claude-messages.js';
export { mapClaudeStopReason } from './map-claude-stop-reason.js';
