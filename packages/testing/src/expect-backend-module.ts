import type { Backend, BackendModule, BackendSettings } from '@massgen/core';
import { expect } from 'vitest';

/**
 * Asserts a backend package's root export is what the runtime loader takes: a v1 backend module
 * (which the parameter's type checks for the rest) whose `createBackend` makes, with `settings`, a
 * v1 backend naming `backend`'s provider and model. Returns that backend.
 */
export function expectBackendModule(
  module: BackendModule,
  settings: BackendSettings,
  backend: { provider: string; modelId: string },
): Backend {
  expect(module.specificationVersion).toBe('v1');
  const created = module.createBackend(settings);
  expect(created).toMatchObject({ specificationVersion: 'v1', ...backend });
  return created;
}
