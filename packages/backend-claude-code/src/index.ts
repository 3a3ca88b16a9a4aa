import type { Backend, BackendSettings } from '@massgen/core';
import { createClaudeCodeBackend } from './claude-code-backend.js';

export const specificationVersion = 'v1' as const;
export { metadata } from './claude-code-metadata.js';

/** The loader's entry point for `backend.type: claude_code`. */
export function createBackend(settings: BackendSettings): Backend {
  return createClaudeCodeBackend(settings);
}

export { createClaudeCodeBackend } from './claude-code-backend.js';
export type { ClaudeCodeBackendDependencies } from './claude-code-backend.js';
export {
  apiKeyVariable,
  hasStoredClaudeLogin,
  placeholderApiKey,
  resolveClaudeCodeCredential,
  tokenVariables,
} from './claude-code-credentials.js';
export type { ClaudeCodeCredential, ClaudeCodeCredentialContext } from './claude-code-credentials.js';
export { buildClaudeCodeEnvironment } from './claude-code-environment.js';
export type { ClaudeCodeEnvironmentInput } from './claude-code-environment.js';
export { mapClaudeCodeApiError, mapClaudeCodeFailure } from './claude-code-error.js';
export type { ClaudeCodeApiErrorReport, ClaudeCodeErrorContext } from './claude-code-error.js';
export {
  defaultTimeoutSeconds,
  optionsSchema,
  parseClaudeCodeOptions,
  permissionModes,
} from './claude-code-options.js';
export type { ClaudeCodeOptions, PermissionModeOption } from './claude-code-options.js';
export { prepareClaudeCodeTools, toZodShape } from './claude-code-prepare-tools.js';
export type {
  BridgedToolCall,
  BridgedToolHandler,
  BridgedToolResult,
  PreparedClaudeCodeTools,
} from './claude-code-prepare-tools.js';
export { buildClaudeCodeQueryOptions } from './claude-code-query-options.js';
export type { ClaudeCodeQueryOptions, ClaudeCodeQueryOptionsInput } from './claude-code-query-options.js';
export { ClaudeCodeMessageMapper, describeToolUse } from './claude-code-stream.js';
export type { ClaudeCodeOutcome, ClaudeCodeStreamContext } from './claude-code-stream.js';
export { createToolGuard, shellTools, unattendedTools } from './claude-code-tool-guard.js';
export type { ToolGuard } from './claude-code-tool-guard.js';
export { largerUsage, StreamedUsage, usageFromModelUsage, usageSince } from './claude-code-usage.js';
export { resolveClaudeCodeWorkspace } from './claude-code-workspace.js';
export { bridgedToolName, convertToClaudeCodePrompt, toolServerName } from './convert-to-claude-code-prompt.js';
export type {
  ClaudeCodePrompt,
  ClaudeCodePromptInput,
  ClaudeCodeSystemPrompt,
} from './convert-to-claude-code-prompt.js';
export { importClaudeAgentSdk, loadClaudeAgentSdk, sdkPackageName } from './load-claude-agent-sdk.js';
export type { ClaudeAgentSdk } from './load-claude-agent-sdk.js';
export { judgeToolUse, readableDirectories, toolPaths } from './workspace-confinement.js';
export type { ClaudeCodeWorkspace, ConfinementDecision, ToolPaths } from './workspace-confinement.js';
