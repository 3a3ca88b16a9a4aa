export { createAgentHandle } from './agent-handle.js';
export type { AgentHandleOptions } from './agent-handle.js';
export { defaultAttachmentLimits, loadAttachment, loadAttachments } from './load-attachments.js';
export type { AttachmentLimits, AttachmentRequest, LoadAttachmentsOptions } from './load-attachments.js';
export { attachmentPart } from './attachment-type.js';
export type { AttachmentKind } from './attachment-type.js';
export { installedBackendCatalog } from './installed-backends.js';
export { agentKeyPath, agentSegments, checkBackendOptions, validateBackendOptions } from './backend-options.js';
export type { BackendOptionsCheck } from './backend-options.js';
export { assertPreflight, preflightRun } from './preflight.js';
export type { PreflightOptions, PreflightResult } from './preflight.js';
export { createConfiguredBackend, createConfiguredBackends } from './configured-backend.js';
export type { CreateConfiguredBackendsOptions } from './configured-backend.js';
export { createPassthroughStrategy, passthroughStrategyName } from './passthrough-strategy.js';
export { PluginLoader } from './plugin-loader.js';
export type { PluginLoaderOptions } from './plugin-loader.js';
export {
  backendPackageCandidates,
  firstPartyBackendPackage,
  firstPartyMcpIntegrations,
  namedPackageCandidates,
  strategyPackageCandidates,
  toolPackageCandidates,
} from './plugin-names.js';
export { MemoryProviderLimiter } from './memory-provider-limiter.js';
export { abortError, limitFor } from './provider-limiter.js';
export type { ProviderLimit, ProviderLimiter, ProviderLimits } from './provider-limiter.js';
export { RequestGate, requestGateFor } from './request-gate.js';
export type { AgentProvider, GatePass } from './request-gate.js';
export { defaultRetryPolicy, retryDelay } from './retry-policy.js';
export type { RetryPolicy } from './retry-policy.js';
export { RunRecord, createRunId } from './run-record.js';
export { findRunRecord, listRunRecords, readRunRecord, runsRoot } from './run-records.js';
export type { RecordedStatus, RunRecordEntry } from './run-records.js';
export { parseRunEvents } from './run-events-file.js';
export type { ParsedRunEvents } from './run-events-file.js';
export { initialRunStatus, reduceRunStatus } from '@massgen/run-state';
export { runStream } from './run-stream.js';
export type { RunStream } from './run-stream.js';
export type { AgentState, AgentStatus, RunStatus } from '@massgen/run-state';
export { HumanInbox } from './human-inbox.js';
export { run } from './run.js';
export type { RunOptions, RunResult } from './run.js';
export { streamWithRetry } from './stream-with-retry.js';
export { checkToolPackage, parseToolPackageSettings } from './tool-package-settings.js';
export { createToolSourceContext, openToolPackage } from './tool-sources.js';
export type { ToolSourceRun } from './tool-sources.js';
export { createToolModels } from './tool-models.js';
export type { StreamWithRetryOptions } from './stream-with-retry.js';
export { teamUsage, UsageLedger } from './usage-ledger.js';
export type { AgentUsage, TeamUsage } from './usage-ledger.js';
export { listInstalledPlugins } from './installed-plugins.js';
export type { InstalledPlugin, PluginKind } from './installed-plugins.js';
export { detectPackageManager, pluginInstallCommand, pluginInstallTarget } from './plugin-install.js';
export type {
  InstallCommand,
  PackageManager,
  PluginInstallTarget,
  PluginInstallTargetOptions,
} from './plugin-install.js';
export { closestBackendTypes, massgenVersion } from './missing-plugin.js';
export { Session, SessionStore, createSessionId, isValidSessionId, sessionsRoot, turnEnd } from './session-store.js';
export type { SessionInfo, SessionSummary, SessionTurn, TurnEnd } from './session-store.js';
export { defaultHistoryTokens, estimateTokens, sessionHistory } from './session-history.js';
export type { HistoryTurn, SessionHistory } from './session-history.js';
export { readResumableRun } from './resumable-run.js';
export type { ResumableRun } from './resumable-run.js';
