import {
  openAIPreset,
  resolveEndpoint,
  type OpenAICompatibleBackendDefinition,
  type OpenAICompatibleEndpoint,
} from '@massgen/backend-openai-compatible';
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
