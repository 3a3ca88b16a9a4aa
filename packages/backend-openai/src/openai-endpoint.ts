import {
  lazyOpenAISdkConnection,
  openAIPreset,
  resolveEndpoint,
  type OpenAICompatibleBackendDefinition,
  type OpenAICompatibleEndpoint,
  type OpenAISdkConnection,
} from '@massgen/backend-openai-compatible';
import type { BackendSettings } from '@massgen/core';
import type { OpenAIOptions } from './openai-options.js';

/** OpenAI as the Chat Completions backend knows it: its URL, its key variable, its name in messages. */
export const openAIDefinition: OpenAICompatibleBackendDefinition = {
  type: 'openai',
  defaultBaseUrl: openAIPreset.baseUrl,
  apiKeyEnvironmentVariable: openAIPreset.apiKeyEnvironmentVariable,
  requiresApiKey: true,
  displayName: 'OpenAI',
};

/** Where requests go and which variable holds the key, the same for both APIs. */
export function resolveOpenAIEndpoint(options: OpenAIOptions): OpenAICompatibleEndpoint {
  return resolveEndpoint(openAIDefinition, options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl });
}

/**
 * The endpoint and the lazily made SDK connection of one OpenAI backend, for each of its APIs
 * (Responses, images, speech): the key and the SDK are only looked at on the first call.
 */
export function openAIConnection(
  settings: BackendSettings,
  options: OpenAIOptions,
): { endpoint: OpenAICompatibleEndpoint; connection: () => Promise<OpenAISdkConnection> } {
  const endpoint = resolveOpenAIEndpoint(options);
  const connection = lazyOpenAISdkConnection({ settings, endpoint, options });
  return { endpoint, connection };
}
