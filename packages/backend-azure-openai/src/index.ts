import type { Backend, BackendSettings } from '@massgen/core';
import { createAzureOpenAIBackend } from './azure-openai-backend.js';

export const specificationVersion = 'v1' as const;
export { metadata } from './azure-openai-metadata.js';

/** The loader's entry point for `backend.type: azure_openai`. */
export function createBackend(settings: BackendSettings): Backend {
  return createAzureOpenAIBackend(settings);
}

export { createAzureOpenAIBackend } from './azure-openai-backend.js';
export { azureClientFactory } from './azure-openai-client.js';
export {
  defaultAzureApiVersion,
  optionsSchema,
  parseAzureOpenAIOptions,
  type AzureOpenAIOptions,
} from './azure-openai-options.js';
