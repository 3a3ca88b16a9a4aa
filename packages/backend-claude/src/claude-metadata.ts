import type { BackendMetadata } from '@massgen/core';
import { apiKeyEnvironmentVariable } from './claude-api-key.js';
import { anthropicBaseUrl } from './claude-options.js';

export const metadata: BackendMetadata = {
  types: [
    {
      type: 'claude',
      displayName: 'Anthropic Claude',
      description: "Anthropic's Messages API, with extended thinking",
      aliases: ['anthropic'],
      defaultModel: 'claude-sonnet-4-6',
      apiKeyEnvironmentVariables: [apiKeyEnvironmentVariable],
      requiresApiKey: true,
      defaultBaseUrl: anthropicBaseUrl,
      modelPatterns: ['claude-*'],
    },
  ],
};
