import type { BackendSettings, Warning } from '@massgen/core';

/**
 * Settings to create a backend with in a test: agent `agent-a`, no model, no options, an empty
 * environment and warnings dropped, unless `overrides` says otherwise.
 */
export function backendSettings(overrides: Partial<BackendSettings> & Pick<BackendSettings, 'type'>): BackendSettings {
  return { agentId: 'agent-a', model: '', options: {}, env: {}, warn: () => {}, ...overrides };
}

/** Settings to parse a backend block's `options` with in a test, its warnings collected into `warnings`. */
export function optionsSettings(
  base: Partial<BackendSettings> & Pick<BackendSettings, 'type'>,
  options: Record<string, unknown>,
  warnings: Warning[] = [],
): BackendSettings {
  return backendSettings({ ...base, options, warn: (warning) => warnings.push(warning) });
}
