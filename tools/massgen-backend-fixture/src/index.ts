import type { BackendMetadata, BackendSettings } from '@massgen/core';
import { createEchoBackend } from './echo-backend.js';

export const specificationVersion = 'v1' as const;

/** What makes this package appear in `massgen init` and `--model echo-*` inference, with no registration elsewhere. */
export const metadata: BackendMetadata = {
  types: [
    {
      type: 'fixture',
      displayName: 'Echo fixture',
      description: 'answers with the question echoed back; a third-party backend for tests',
      defaultModel: 'echo-1',
      apiKeyEnvironmentVariables: [],
      requiresApiKey: false,
      modelPatterns: ['echo-*'],
    },
  ],
};

export function createBackend(settings: BackendSettings) {
  return createEchoBackend(settings);
}

export { createEchoBackend };
