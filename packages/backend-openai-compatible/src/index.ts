import type { Backend, BackendSettings } from '@massgen/core';
import { createOpenAICompatibleBackend } from './openai-compatible-backend.js';
import { definitionForType } from './openai-compatible-endpoint.js';

export const specificationVersion = 'v1' as const;

/** The loader's entry point for `backend.type: chatcompletion` and the preset types (`groq`, ...). */
export function createBackend(settings: BackendSettings): Backend {
  return createOpenAICompatibleBackend(settings, definitionForType(settings.type));
}

export { buildChatRequest, type ChatRequest } from './build-chat-request.js';
export { convertToOpenAIMessages } from './convert-to-openai-messages.js';
export {
  defineOpenAICompatibleBackend,
  type OpenAICompatibleBackendModule,
} from './define-openai-compatible-backend.js';
export { withSdkStreamTimeout } from './idle-timeout.js';
export { loadOpenAISdk, type OpenAISdk } from './load-openai-sdk.js';
export { nodeHttpFetch } from './node-http-fetch.js';
export {
  failedSdkCallContext,
  sdkCallFailure,
  lazyOpenAISdkConnection,
  type OpenAISdkConnection,
  type OpenAISdkConnectionOptions,
} from './openai-sdk-connection.js';
export { mapFinishReason } from './map-finish-reason.js';
export { mapChatStream, mapUsage, type ChatStreamOptions } from './openai-chat-stream.js';
export { createOpenAICompatibleBackend } from './openai-compatible-backend.js';
export {
  chatCompletionDefinition,
  definitionForType,
  resolveEndpoint,
  type OpenAICompatibleBackendDefinition,
  type OpenAICompatibleEndpoint,
} from './openai-compatible-endpoint.js';
export { metadata, metadataForDefinition } from './openai-compatible-metadata.js';
export { mapOpenAICompatibleError, type ErrorContext, type OpenAIErrorClasses } from './openai-compatible-error.js';
export {
  defaultTimeoutSeconds,
  optionsSchema,
  optionsSchemaFor,
  parseOpenAICompatibleOptions,
  type OpenAICompatibleOptions,
} from './openai-compatible-options.js';
export { localServerRequestFields } from './server-request-fields.js';
export {
  openAIPreset,
  presetForBaseUrl,
  providerPresetNames,
  providerPresets,
  type ProviderPreset,
  type ProviderPresetName,
} from './openai-compatible-presets.js';
export { parseRetryAfter } from './parse-retry-after.js';
export { prepareTools, toolPreparer, type OfferedTools, type PreparedTools } from './prepare-tools.js';
