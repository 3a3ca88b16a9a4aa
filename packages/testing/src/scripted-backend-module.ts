import type { BackendModule, BackendSettings } from '@massgen/core';
import { createScriptedBackend } from './scripted-backend.js';
import type { ScriptedBackend, ScriptedBackendOptions } from './scripted-backend.js';

/** A backend module, as a package loaded by name exports it, that serves scripted backends. */
export interface ScriptedBackendModule extends BackendModule {
  /** Every backend created so far, by the agent it serves. */
  readonly backends: Map<string, ScriptedBackend>;
}

/**
 * Lets the runtime load scripted backends the way it loads real ones. `scriptFor` picks each
 * agent's script from the settings the runtime passes; provider and model default to the
 * configured `type` and `model`.
 */
export function createScriptedBackendModule(
  scriptFor: (settings: BackendSettings) => ScriptedBackendOptions,
): ScriptedBackendModule {
  const backends = new Map<string, ScriptedBackend>();
  return {
    specificationVersion: 'v1',
    backends,
    createBackend(settings: BackendSettings): ScriptedBackend {
      const backend = createScriptedBackend({
        provider: settings.type,
        modelId: settings.model,
        ...scriptFor(settings),
      });
      backends.set(settings.agentId, backend);
      return backend;
    },
  };
}
