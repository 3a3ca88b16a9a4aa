export { createFakeOpenAIServer } from './fake-openai-server.js';
export type { FakeOpenAIServer, FakeOpenAIServerOptions, FakeReply, FakeChatRequest } from './fake-openai-server.js';
export { createTeamResponder } from './team-responder.js';
export type { TeamResponderOptions } from './team-responder.js';
export { createScriptedBackend } from './scripted-backend.js';
export type { ScriptedBackend, ScriptedBackendOptions, ScriptedTurn } from './scripted-backend.js';
export { createScriptedAgent } from './scripted-agent.js';
export type { ScriptedAgent, ScriptedAgentOptions } from './scripted-agent.js';
