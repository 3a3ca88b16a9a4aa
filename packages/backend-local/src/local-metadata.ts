import type { BackendMetadata } from '@massgen/core';
import { defaultLocalModel } from './hugging-face-reference.js';

export const metadata: BackendMetadata = {
  types: [
    {
      type: 'local',
      displayName: 'Local model (llama.cpp)',
      description: 'a GGUF model run in-process with llama.cpp: no server, no key',
      aliases: ['llamacpp'],
      defaultModel: defaultLocalModel,
      apiKeyEnvironmentVariables: [],
      requiresApiKey: false,
      modelPatterns: ['*.gguf', 'hf:*', 'local'],
    },
  ],
  heavy: true,
};
