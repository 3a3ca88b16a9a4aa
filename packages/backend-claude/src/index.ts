export const specificationVersion = 'v1' as const;
export { metadata } from './claude-metadata.js';

export { buildClaudeRequest, type ClaudeRequest, type ClaudeRequestBody } from './build-claude-request.js';
export { apiKeyEnvironmentVariable, placeholderApiKey, resolveClaudeApiKey } from './claude-api-key.js';
/** `createBackend` is the loader's entry point for `backend.type: claude`. */
export { createClaudeBackend, createClaudeBackend as createBackend } from './claude-backend.js';
export { mapClaudeError, type ClaudeErrorClasses, type ClaudeErrorContext } from './claude-error.js';
export {
  anthropicBaseUrl,
  defaultTimeoutSeconds,
  minimumThinkingBudget,
  optionsSchema,
  parseClaudeOptions,
  type ClaudeOptions,
  type ThinkingOption,
} from './claude-options.js';
export {
  prepareClaudeTools,
  type ClaudeTool,
  type ClaudeToolChoice,
  type PreparedTools,
} from './claude-prepare-tools.js';
export { claudeRetryAfter } from './claude-retry-after.js';
export { mapClaudeStream, type ClaudeStreamOptions } from './claude-stream.js';
export { metadataKey, readThinkingBlocks, thinkingMetadata, type ThinkingBlock } from './claude-thinking-metadata.js';
export {
  adaptiveDefaultMaxTokens,
  defaultMaxTokens,
  effortBudgets,
  planThinking,
  type ThinkingConfig,
  type ThinkingPlan,
} from './claude-thinking.js';
export { mapClaudeUsage, mergeClaudeUsage, type ClaudeUsageReport } from './claude-usage.js';
export {
  convertToClaudeMessages,
  type ClaudeContentBlock,
  type ClaudeConversation,
  type ClaudeMessage,
} from './convert-to-claude-messages.js';
export { mapClaudeStopReason } from './map-claude-stop-reason.js';
