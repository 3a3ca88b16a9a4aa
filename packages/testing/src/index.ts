export { createFakeOpenAIServer } from './fake-openai-server.js';
export { fakeOpenAIErrors, openAIErrorBody } from './fake-openai-server-errors.js';
export { azureErrorBody, fakeAzureOpenAIErrors } from './fake-azure-openai-route.js';
export type {
  FakeApi,
  FakeChatMessage,
  FakeChatRequest,
  FakeChatTool,
  FakeDropReply,
  FakeErrorReply,
  FakeHangReply,
  FakeOpenAIServer,
  FakeOpenAIServerOptions,
  FakeReply,
  FakeResponder,
  FakeResponderContext,
  FakeStallReply,
  FakeStreamErrorReply,
  FakeTextReply,
  FakeServerToolUse,
  FakeToolCall,
  FakeToolCallsReply,
  FakeUsage,
} from './fake-openai-server-types.js';
export { createTeamResponder, type TeamResponderOptions, type TeamText } from './team-responder.js';
export { decideTeamTurn, type OfferedTool, type TeamTurn, type TeamTurnOptions } from './team-turn.js';
export { createFakeGeminiServer } from './fake-gemini-server.js';
export { fakeGeminiErrors, googleErrorBody } from './fake-gemini-server-errors.js';
export type {
  FakeGeminiBlockedReply,
  FakeGeminiBuiltInToolUse,
  FakeGeminiChunksReply,
  FakeGeminiContent,
  FakeGeminiDropReply,
  FakeGeminiErrorReply,
  FakeGeminiFunctionCall,
  FakeGeminiFunctionCallPart,
  FakeGeminiFunctionCallsReply,
  FakeGeminiFunctionDeclaration,
  FakeGeminiHangReply,
  FakeGeminiPart,
  FakeGeminiReply,
  FakeGeminiRequest,
  FakeGeminiResponder,
  FakeGeminiServer,
  FakeGeminiServerOptions,
  FakeGeminiStallReply,
  FakeGeminiStreamErrorReply,
  FakeGeminiTextReply,
  FakeGeminiUsage,
} from './fake-gemini-server-types.js';
export { createGeminiTeamResponder, type GeminiTeamResponderOptions } from './gemini-team-responder.js';
export { createFakeAnthropicServer } from './fake-anthropic-server.js';
export { anthropicErrorBody, fakeAnthropicErrors } from './fake-anthropic-server-errors.js';
export { isValidThinkingSignature, signThinking } from './fake-anthropic-signature.js';
export type {
  FakeAnthropicContentBlock,
  FakeAnthropicDropReply,
  FakeAnthropicErrorReply,
  FakeAnthropicHangReply,
  FakeAnthropicMessage,
  FakeAnthropicReply,
  FakeAnthropicRequest,
  FakeAnthropicResponder,
  FakeAnthropicServer,
  FakeAnthropicServerToolUse,
  FakeAnthropicServerOptions,
  FakeAnthropicStallReply,
  FakeAnthropicStreamErrorReply,
  FakeAnthropicTextReply,
  FakeAnthropicThinking,
  FakeAnthropicTool,
  FakeAnthropicToolUse,
  FakeAnthropicToolUseReply,
  FakeAnthropicUsage,
} from './fake-anthropic-server-types.js';
export { createAnthropicTeamResponder, type AnthropicTeamResponderOptions } from './anthropic-team-responder.js';
export {
  claudeCodeToolPrefix,
  claudeCodeWorkspaceOf,
  createClaudeCodeTeamResponder,
  type ClaudeCodeTeamResponderOptions,
} from './claude-code-team-responder.js';
export {
  createScriptedBackend,
  type ScriptedBackend,
  type ScriptedBackendOptions,
  type ScriptedTurn,
} from './scripted-backend.js';
export { createScriptedBackendModule, type ScriptedBackendModule } from './scripted-backend-module.js';
export {
  isScriptGate,
  playScriptedTurn,
  type PlaybackOptions,
  type Script,
  type ScriptGate,
  type ScriptNotifyGate,
  type ScriptStep,
  type ScriptWaitGate,
} from './scripted-backend-playback.js';
export { createDeferred, type Deferred } from './scripted-backend-deferred.js';
export {
  createScriptedAgent,
  type ScriptedAgent,
  type ScriptedAgentOptions,
  type ScriptedAgentTurn,
} from './scripted-agent.js';
export {
  answerTurn,
  errorPart,
  hang,
  newAnswerCall,
  notify,
  textTurn,
  voteCall,
  voteTurn,
  waitFor,
  type ErrorPart,
  type ToolCallPart,
} from './scripted-agent-builders.js';
export {
  descendantProcessIdentities,
  descendantProcesses,
  isProcessRunning,
  isSameProcessRunning,
  processCommandLine,
  type ProcessIdentity,
} from './process-tree.js';
export { collectParts, providerToolParts, providerToolUsesOf, terminalError, textOf } from './stream-parts.js';
export { backendSettings, optionsSettings } from './backend-settings.js';
export { failedWeatherLookup, weatherTool } from './weather-tool-conversation.js';
export { scriptedToolCalls } from './scripted-tool-calls.js';
export { thrownMassGenError } from './thrown-massgen-error.js';
export { rejectedMassGenError } from './rejected-massgen-error.js';
export { newAnswerToolDefinition } from './new-answer-tool-definition.js';
export { voteToolDefinition } from './vote-tool-definition.js';
export { countSdkLoads, type SdkLoads } from './sdk-loads.js';
export {
  postgresClusterUnavailable,
  startPostgresCluster,
  startShopDatabase,
  type TestPostgresCluster,
  type TestShopDatabase,
} from './postgres-cluster.js';
export { redisServerUnavailable, startRedisServer, type TestRedisServer } from './redis-server.js';
export { startListeningProcess, type ListeningProcess, type ListeningProcessOptions } from './listening-process.js';
export { startSilentHttpServer, type SilentHttpServer } from './silent-http-server.js';
export { decodeBase64, mediaTypeOfBytes, parseBase64DataUrl, type FakeMedia } from './fake-media.js';
export { samplePdf, samplePng, sampleWav } from './sample-media.js';
export { bytesPart, urlPart } from './media-part-builders.js';
export { writeSampleVideo } from './sample-video.js';
export type { FakeMediaGenerationRequest } from './fake-openai-media-routes.js';
export {
  createProviderTeamServers,
  type PerProvider,
  type ProviderTeamServers,
  type ProviderTeamServersOptions,
} from './provider-team-servers.js';
