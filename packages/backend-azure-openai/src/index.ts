export const specificationVersion = 'v1' as const;
export { metadata } from './azure-openai-metadata.js';

/** `createBackend` is the loader's entry point for `backend.type: azure_openai`. */
export { createAzureOpenAIBackend, createAzureOpenAIBackend as createBackend } from './azure-openai-backend.js';
export { azureClientFactory } from './azure-openai-client.js';
export {
  defaultAzureApiVersion,
  optionsSchema,
  parseAzureOpenAIOptions,
  type AzureOpenAIOptions,
} from './azure-openai-options.js';
