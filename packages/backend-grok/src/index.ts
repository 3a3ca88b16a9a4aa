import { defineOpenAICompatibleBackend } from '@massgen/backend-openai-compatible';
import type { OpenAICompatibleBackendDefinition } from '@massgen/backend-openai-compatible';

/**
 * xAI's Grok models through xAI's OpenAI-compatible Chat Completions API. Reasoning models
 * (grok-3-mini) stream their reasoning as `reasoning_content`, which arrives as reasoning deltas.
 * `enable_web_search` turns on xAI's live search (`search_parameters`, with its citations
 * returned); `extra_body.search_parameters` adds to it or changes it (sources, dates,
 * `max_search_results`).
 */
export const grokDefinition: OpenAICompatibleBackendDefinition = {
  type: 'grok',
  defaultBaseUrl: 'https://api.x.ai/v1',
  apiKeyEnvironmentVariable: 'XAI_API_KEY',
  requiresApiKey: true,
  displayName: 'xAI',
  description: "Grok models through xAI's API",
  aliases: ['xai'],
  defaultModel: 'grok-4-fast',
  modelPatterns: ['grok-*'],
  // xAI's vision models take JPEG and PNG images; the API takes no documents or audio.
  mediaTypes: ['image/jpeg', 'image/png'],
  webSearchFields: { search_parameters: { mode: 'auto', return_citations: true } },
};

export const { specificationVersion, createBackend, optionsSchema, metadata } =
  defineOpenAICompatibleBackend(grokDefinition);
/** The same as `createBackend`, under a name that says which backend it creates. */
export const createGrokBackend = createBackend;
