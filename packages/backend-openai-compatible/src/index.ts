import type { Backend, BackendSettings } from '@massgen/core';
import { createOpenAICompatibleBackend } from './openai-compatible-backend.js';
import { definitionForType } from './openai-compatible-endpoint.js';

export const specificationVersion = 'v1' as const;

/** The loader's entry point for `backend.type: chatcompletion` and the preset types (`groq`, ...). */
export function createBackend(settings: BackendSettings): Backend {
  return createOpenAICompatibleBackend(settings, definitionForType(settings.type));
}

export { buildChatRequest } from './build-chat-request.js';
export type { ChatRequest } from './build-chat-request.js';
export { convertToOpenAIMessages } from './convert-to-openai-messages.js';
export { defineOpenAICompatibleBackend } from './define-openai-compatible-backend.js';
export { withSdkStreamTimeout } from './idle-timeout.js';
export { loadOpenAISdk } from './load-openai-sdk.js';
export type { OpenAISdk } from './load-openai-sdk.js';
export { nodeHttpFetch } from './node-http-fetch.js';
export { failedSdkCallContext, lazyOpenAISdkConnection } from './openai-sdk-connection.js';
export type { OpenAISdkConnection, OpenAISdkConnectionOptions } from './openai-sdk-connection.js';
export type { OpenAICompatibleBackendModule } from './define-openai-compatible-backend.js';
export { mapFinishReason } from './map-finish-reason.js';
export { mapChatStream, mapUsage } from './openai-chat-stream.js';
export type { ChatStreamOptions } from './openai-chat-stream.js';
export { createOpenAICompatibleBackend } from './openai-compatible-backend.js';
export { chatCompletionDefinition, definitionForType, resolveEndpoint } from './openai-compatible-endpoint.js';
export type { OpenAICompatibleBackendDefinition, OpenAICompatibleEndpoint } from './openai-compatible-endpoint.js';
export { metadata, metadataForDefinition } from './openai-compatible-metadata.js';
export { mapOpenAICompatibleError } from './openai-compatible-error.js';
export type { ErrorContext, OpenAIErrorClasses } from './openai-compatible-error.js';
export {
  defaultTimeoutSeconds,
  optionsSchema,
  optionsSchemaFor,
  parseOpenAICompatibleOptions,
} from './openai-compatible-options.js';
export { localServerRequestFields } from './server-request-fields.js';
export type { OpenAICompatibleOptions } from './openai-compatible-options.js';
export { openAIPreset, presetForBaseUrl, providerPresetNames, providerPresets } from './openai-compatible-presets.js';
export type { ProviderPreset, ProviderPresetName } from './openai-compatible-presets.js';
export { parseRetryAfter } from './parse-retry-after.js';
export { prepareTools } from './prepare-tools.js';
export type { PreparedTools } from './prepare-tools.js';
