export { createAgentHandle, type AgentHandleOptions } from './agent-handle.js';
export {
  defaultAttachmentLimits,
  loadAttachment,
  loadAttachments,
  type AttachmentLimits,
  type AttachmentRequest,
  type LoadAttachmentsOptions,
} from './load-attachments.js';
export { attachmentPart, type AttachmentKind } from './attachment-type.js';
export { installedBackendCatalog } from './installed-backends.js';
export {
  agentKeyPath,
  agentSegments,
  checkBackendOptions,
  validateBackendOptions,
  type BackendOptionsCheck,
} from './backend-options.js';
export { assertPreflight, preflightRun, type PreflightOptions, type PreflightResult } from './preflight.js';
export {
  createConfiguredBackend,
  createConfiguredBackends,
  type CreateConfiguredBackendsOptions,
} from './configured-backend.js';
export { createPassthroughStrategy, passthroughStrategyName } from './passthrough-strategy.js';
export { PluginLoader, type PluginLoaderOptions } from './plugin-loader.js';
export {
  backendPackageCandidates,
  firstPartyBackendPackage,
  firstPartyMcpIntegrations,
  namedPackageCandidates,
  strategyPackageCandidates,
  toolPackageCandidates,
} from './plugin-names.js';
export { MemoryProviderLimiter } from './memory-provider-limiter.js';
export {
  abortError,
  limitFor,
  type ProviderLimit,
  type ProviderLimiter,
  type ProviderLimits,
} from './provider-limiter.js';
export { RequestGate, requestGateFor, type AgentProvider, type GatePass } from './request-gate.js';
export { defaultRetryPolicy, retryDelay, type RetryPolicy } from './retry-policy.js';
export { RunRecord, createRunId } from './run-record.js';
export {
  findRunRecord,
  listRunRecords,
  readRunRecord,
  runsRoot,
  type RecordedStatus,
  type RunRecordEntry,
} from './run-records.js';
export { parseRunEvents, type ParsedRunEvents } from './run-events-file.js';
export {
  initialRunStatus,
  reduceRunStatus,
  type AgentState,
  type AgentStatus,
  type RunStatus,
} from '@massgen/run-state';
export { runStream, type RunStream } from './run-stream.js';
export { HumanInbox } from './human-inbox.js';
export { run, type RunOptions, type RunResult } from './run.js';
export { streamWithRetry, type StreamWithRetryOptions } from './stream-with-retry.js';
export { checkToolPackage, parseToolPackageSettings } from './tool-package-settings.js';
export { createToolSourceContext, openToolPackage, type ToolSourceRun } from './tool-sources.js';
export { createToolModels } from './tool-models.js';
export { teamUsage, UsageLedger, type AgentUsage, type TeamUsage } from './usage-ledger.js';
export { listInstalledPlugins, type InstalledPlugin, type PluginKind } from './installed-plugins.js';
export {
  detectPackageManager,
  pluginInstallCommand,
  pluginInstallTarget,
  type InstallCommand,
  type PackageManager,
  type PluginInstallTarget,
  type PluginInstallTargetOptions,
} from './plugin-install.js';
export { closestBackendTypes, massgenVersion } from './missing-plugin.js';
export {
  Session,
  SessionStore,
  createSessionId,
  isValidSessionId,
  sessionsRoot,
  turnEnd,
  type SessionInfo,
  type SessionSummary,
  type SessionTurn,
  type TurnEnd,
} from './session-store.js';
export {
  defaultHistoryTokens,
  estimateTokens,
  sessionHistory,
  type HistoryTurn,
  type SessionHistory,
} from './session-history.js';
export { readResumableRun, type ResumableRun } from './resumable-run.js';
