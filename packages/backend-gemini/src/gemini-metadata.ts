import type { BackendMetadata } from '@massgen/core';
import { geminiKeyVariables } from './gemini-api-key.js';
import { defaultBaseUrl } from './gemini-options.js';

export const metadata: BackendMetadata = {
  types: [
    {
      type: 'gemini',
      displayName: 'Google Gemini',
      description: "Google's Gemini API, with thinking",
      aliases: ['google'],
      defaultModel: 'gemini-2.5-flash',
      apiKeyEnvironmentVariables: geminiKeyVariables,
      requiresApiKey: true,
      defaultBaseUrl,
      modelPatterns: ['gemini-*'],
    },
  ],
};
