import type { BackendSettings } from '@massgen/core';
import { createEchoBackend } from './echo-backend.js';

export const specificationVersion = 'v1' as const;

export function createBackend(settings: BackendSettings) {
  return createEchoBackend(settings);
}

export { createEchoBackend };
