export const specificationVersion = 'v1' as const;
export { metadata } from './claude-code-metadata.js';

/** `createBackend` is the loader's entry point for `backend.type: claude_code`. */
export {
  createClaudeCodeBackend,
  createClaudeCodeBackend as createBackend,
  type ClaudeCodeBackendDependencies,
} from './claude-code-backend.js';
export {
  apiKeyVariable,
  hasStoredClaudeLogin,
  placeholderApiKey,
  resolveClaudeCodeCredential,
  tokenVariables,
  type ClaudeCodeCredential,
  type ClaudeCodeCredentialContext,
} from './claude-code-credentials.js';
export { buildClaudeCodeEnvironment, type ClaudeCodeEnvironmentInput } from './claude-code-environment.js';
export {
  mapClaudeCodeApiError,
  mapClaudeCodeFailure,
  type ClaudeCodeApiErrorReport,
  type ClaudeCodeErrorContext,
} from './claude-code-error.js';
export {
  defaultTimeoutSeconds,
  optionsSchema,
  parseClaudeCodeOptions,
  permissionModes,
  type ClaudeCodeOptions,
  type PermissionModeOption,
} from './claude-code-options.js';
export {
  prepareClaudeCodeTools,
  toZodShape,
  type BridgedToolCall,
  type BridgedToolHandler,
  type BridgedToolResult,
  type PreparedClaudeCodeTools,
} from './claude-code-prepare-tools.js';
export {
  buildClaudeCodeQueryOptions,
  type ClaudeCodeQueryOptions,
  type ClaudeCodeQueryOptionsInput,
} from './claude-code-query-options.js';
export {
  ClaudeCodeMessageMapper,
  describeToolUse,
  type ClaudeCodeOutcome,
  type ClaudeCodeStreamContext,
} from './claude-code-stream.js';
export { createToolGuard, shellTools, unattendedTools, type ToolGuard } from './claude-code-tool-guard.js';
export { largerUsage, StreamedUsage, usageFromModelUsage, usageSince } from './claude-code-usage.js';
export { resolveClaudeCodeWorkspace } from './claude-code-workspace.js';
export {
  bridgedToolName,
  convertToClaudeCodePrompt,
  toolServerName,
  type ClaudeCodePrompt,
  type ClaudeCodePromptInput,
  type ClaudeCodeSystemPrompt,
} from './convert-to-claude-code-prompt.js';
export {
  importClaudeAgentSdk,
  loadClaudeAgentSdk,
  sdkPackageName,
  type ClaudeAgentSdk,
} from './load-claude-agent-sdk.js';
export {
  judgeToolUse,
  readableDirectories,
  toolPaths,
  type ClaudeCodeWorkspace,
  type ConfinementDecision,
  type ToolPaths,
} from './workspace-confinement.js';
