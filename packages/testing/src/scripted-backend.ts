// Placeholder: replaced by the scripted backend implementation.
export type ScriptedTurn = unknown;
export type ScriptedBackendOptions = Record<string, unknown>;
export type ScriptedBackend = unknown;
export function createScriptedBackend(_options?: ScriptedBackendOptions): ScriptedBackend {
  throw new Error('not implemented yet');
}
