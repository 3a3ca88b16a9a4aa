import type { BackendMetadata, BackendTypeMetadata } from '@massgen/core';
import type { OpenAICompatibleBackendDefinition } from './openai-compatible-endpoint.js';
import { openAIPreset, providerPresets } from './openai-compatible-presets.js';

/** The listing facts of a Chat Completions backend type, read from its definition. */
export function metadataForDefinition(definition: OpenAICompatibleBackendDefinition): BackendTypeMetadata {
  return {
    type: definition.type,
    displayName: definition.displayName ?? definition.type,
    ...(definition.description === undefined ? {} : { description: definition.description }),
    ...(definition.aliases === undefined ? {} : { aliases: definition.aliases }),
    ...(definition.defaultModel === undefined ? {} : { defaultModel: definition.defaultModel }),
    apiKeyEnvironmentVariables:
      definition.apiKeyEnvironmentVariable === undefined ? [] : [definition.apiKeyEnvironmentVariable],
    requiresApiKey: definition.requiresApiKey,
    ...(definition.defaultBaseUrl === undefined ? {} : { defaultBaseUrl: definition.defaultBaseUrl }),
    ...(definition.exampleBaseUrl === undefined ? {} : { exampleBaseUrl: definition.exampleBaseUrl }),
    ...(definition.modelPatterns === undefined ? {} : { modelPatterns: definition.modelPatterns }),
  };
}

const chatCompletionType: BackendTypeMetadata = {
  type: 'chatcompletion',
  displayName: 'OpenAI-compatible endpoint',
  description: 'any server that speaks Chat Completions; name it with base_url (or provider)',
  aliases: ['openai_compatible'],
  defaultModel: 'gpt-4o-mini',
  // Read by host: api.groq.com reads GROQ_API_KEY, and any other host OPENAI_API_KEY.
  apiKeyEnvironmentVariables: [openAIPreset.apiKeyEnvironmentVariable],
  requiresApiKey: true,
  defaultBaseUrl: openAIPreset.baseUrl,
  exampleBaseUrl: openAIPreset.baseUrl,
  fallbackForUnknownModels: true,
};

const presetTypes: BackendTypeMetadata[] = Object.values(providerPresets).map((preset) => ({
  type: preset.name,
  displayName: preset.displayName,
  description: `${preset.displayName}'s OpenAI-compatible API`,
  ...('aliases' in preset ? { aliases: preset.aliases } : {}),
  defaultModel: preset.defaultModel,
  apiKeyEnvironmentVariables: [preset.apiKeyEnvironmentVariable],
  requiresApiKey: true,
  defaultBaseUrl: preset.baseUrl,
}));

/**
 * `chatcompletion` and the hosted presets. Providers upstream never named as types are not
 * presets: their names say what to write instead, so no configuration depends on a guess.
 */
export const metadata: BackendMetadata = {
  types: [chatCompletionType, ...presetTypes],
  redirects: [
    { name: 'ollama', type: 'chatcompletion', hint: 'with base_url: http://localhost:11434/v1 (Ollama needs no key)' },
    {
      name: 'deepseek',
      type: 'chatcompletion',
      hint: 'with base_url: https://api.deepseek.com/v1 and api_key: ${DEEPSEEK_API_KEY}',
    },
    {
      name: 'mistral',
      type: 'chatcompletion',
      hint: 'with base_url: https://api.mistral.ai/v1 and api_key: ${MISTRAL_API_KEY}',
    },
    {
      name: 'perplexity',
      type: 'chatcompletion',
      hint: 'with base_url: https://api.perplexity.ai and api_key: ${PERPLEXITY_API_KEY}',
    },
  ],
};
