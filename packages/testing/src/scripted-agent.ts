// Placeholder: replaced by the scripted agent implementation.
export type ScriptedAgentOptions = Record<string, unknown>;
export type ScriptedAgent = unknown;
export function createScriptedAgent(_options?: ScriptedAgentOptions): ScriptedAgent {
  throw new Error('not implemented yet');
}
