export const specificationVersion = 'v1' as const;
export { metadata } from './openai-metadata.js';

export { buildOpenAIResponsesRequest, type ResponsesRequest } from './build-openai-responses-request.js';
export { convertToOpenAIResponsesInput, type ResponsesInputOptions } from './convert-to-openai-responses-input.js';
/** `createBackend` is the loader's entry point for `backend.type: openai`. */
export { createOpenAIBackend, createOpenAIBackend as createBackend } from './openai-backend.js';
export { createOpenAIChatBackend } from './openai-chat-backend.js';
export { createOpenAIMediaGeneration } from './openai-media-generation.js';
export { openAIDefinition, resolveOpenAIEndpoint } from './openai-endpoint.js';
export { openAIModelFamily, requiresChatCompletions, type OpenAIModelFamily } from './openai-model-family.js';
export { optionsSchema, parseOpenAIOptions, type OpenAIApiChoice, type OpenAIOptions } from './openai-options.js';
export {
  openAIMetadataKey,
  openAIProviderMetadata,
  readOpenAIProviderMetadata,
  type OutputItemRecord,
} from './openai-provider-metadata.js';
export { createOpenAIResponsesBackend } from './openai-responses-backend.js';
export { mapOpenAIResponsesError } from './openai-responses-error.js';
export { OpenAIResponseFailure } from './openai-responses-failure.js';
export { prepareResponsesTools, type PreparedResponsesTools } from './openai-responses-prepare-tools.js';
export { mapResponsesStream, mapResponsesUsage, type ResponsesStreamOptions } from './openai-responses-stream.js';
export { chooseOpenAIApi, prepareOpenAISettings, type OpenAIApi } from './prepare-openai-settings.js';
