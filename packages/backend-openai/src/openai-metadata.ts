import type { BackendMetadata } from '@massgen/core';
import { openAIPreset } from '@massgen/backend-openai-compatible';

export const metadata: BackendMetadata = {
  types: [
    {
      type: 'openai',
      displayName: 'OpenAI',
      description: "OpenAI's Responses API (Chat Completions for models that need it)",
      defaultModel: 'gpt-5-nano',
      apiKeyEnvironmentVariables: [openAIPreset.apiKeyEnvironmentVariable],
      requiresApiKey: true,
      defaultBaseUrl: openAIPreset.baseUrl,
      modelPatterns: ['gpt-*', 'o1*', 'o3*', 'o4*'],
    },
  ],
};
