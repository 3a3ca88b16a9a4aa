export type { AgentHandle, AgentStreamPart, TurnRequest } from './agent.js';
export type { AgentWorkspace, WorkspaceAccess, WorkspaceRoot } from './agent-workspace.js';
export type {
  Backend,
  BackendCallOptions,
  BackendModule,
  BackendRequest,
  BackendSettings,
  SamplingSettings,
  ToolDefinition,
} from './backend.js';
export type { BackendMetadata, BackendNameRedirect, BackendTypeMetadata } from './backend-metadata.js';
export type {
  AudioPart,
  FilePart,
  ImagePart,
  MediaData,
  MediaPart,
  TextPart,
  UserContentPart,
} from './content-part.js';
export type {
  AttemptRetry,
  CoordinationEvent,
  CoordinationEventType,
  OrchestrationRestart,
  RunEvent,
  StopReason,
  TallyEntry,
} from './coordination-event.js';
export { ConfigError, formatConfigIssue, type ConfigIssue } from './errors/config-error.js';
export type { ErrorCode } from './errors/error-code.js';
export {
  MassGenError,
  toMassGenError,
  type MassGenErrorOptions,
  type SerializedError,
} from './errors/massgen-error.js';
export { minimumSecretLength, redactDeep, redactError, redactText } from './errors/redact-secrets.js';
export type { AskHuman, HumanMessage, HumanMessages, HumanQuestion } from './human-input.js';
export type { JsonSchema } from './json-schema.js';
export type { GeneratedMedia, ImageGenerationRequest, SpeechRequest } from './media-generation.js';
export type { AssistantMessage, Message, SystemMessage, ToolCall, ToolResultMessage, UserMessage } from './message.js';
export type { OptionsIssue, OptionsParseResult, OptionsSchema } from './options-schema.js';
export type { OrchestratorSettings, StrategyKeys } from './orchestrator-settings.js';
export { requestRetryEvent } from './request-retry-event.js';
export { runStartEvent } from './run-start-event.js';
export type {
  Strategy,
  StrategyContext,
  StrategyModelChoice,
  StrategyModule,
  StrategySettingFinding,
  StrategySettings,
} from './strategy.js';
export type { ResumedCoordination } from './resumed-coordination.js';
export type { FinishReason, StreamPart, StreamPartType } from './stream-part.js';
export { turnPartEvent } from './turn-part-event.js';
export type { PlannedTask, TaskStatus } from './task-plan.js';
export type { Tool, ToolContext, ToolResult } from './tool.js';
export type { ToolModelChoice, ToolModels } from './tool-models.js';
export type {
  NamedPackageLoader,
  NamedPackageRequest,
  ToolPackageModule,
  ToolPackageSettings,
  ToolCallCheck,
  ToolSettingsCheckContext,
  ToolSource,
  ToolSourceContext,
  ToolSourceEvent,
} from './tool-package.js';
export type { McpIntegrationContext, McpIntegrationModule, McpIntegrationServer } from './mcp-integration.js';
export type { Usage } from './usage.js';
export type { Warning } from './warning.js';
