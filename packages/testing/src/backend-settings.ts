import type { BackendSettings } from '@massgen/core';

/**
 * Settings to create a backend with in a test: agent `agent-a`, no model, no options, an empty
 * environment and warnings dropped, unless `overrides` says otherwise.
 */
export function backendSettings(overrides: Partial<BackendSettings> & Pick<BackendSettings, 'type'>): BackendSettings {
  return { agentId: 'agent-a', model: '', options: {}, env: {}, warn: () => {}, ...overrides };
}
