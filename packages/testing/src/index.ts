export { createFakeOpenAIServer } from './fake-openai-server.js';
export { fakeOpenAIErrors, openAIErrorBody } from './fake-openai-server-errors.js';
export type {
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
  FakeTextReply,
  FakeToolCall,
  FakeToolCallsReply,
  FakeUsage,
} from './fake-openai-server-types.js';
export { createTeamResponder } from './team-responder.js';
export type { TeamResponderOptions, TeamText } from './team-responder.js';
export { createScriptedBackend } from './scripted-backend.js';
export type { ScriptedBackend, ScriptedBackendOptions, ScriptedTurn } from './scripted-backend.js';
export { createScriptedAgent } from './scripted-agent.js';
export type { ScriptedAgent, ScriptedAgentOptions } from './scripted-agent.js';
