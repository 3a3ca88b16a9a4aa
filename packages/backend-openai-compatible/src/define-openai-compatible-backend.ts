import type { Backend, BackendMetadata, BackendSettings } from '@massgen/core';
import { createOpenAICompatibleBackend } from './openai-compatible-backend.js';
import type { OpenAICompatibleBackendDefinition } from './openai-compatible-endpoint.js';
import { metadataForDefinition } from './openai-compatible-metadata.js';
import { optionsSchema } from './openai-compatible-options.js';

/** What a thin backend package exports besides `specificationVersion`. */
export interface OpenAICompatibleBackendModule {
  createBackend: (settings: BackendSettings) => Backend;
  optionsSchema: typeof optionsSchema;
  metadata: BackendMetadata;
}

/**
 * Builds the exports of a backend package for a server that speaks Chat Completions, so that a
 * package such as `@massgen/backend-vllm` is its definition and little else:
 *
 * ```ts
 * const backend = defineOpenAICompatibleBackend({ type: 'vllm', defaultBaseUrl: 'http://localhost:8000/v1', requiresApiKey: false });
 * export const specificationVersion = 'v1' as const;
 * export const { createBackend, optionsSchema, metadata } = backend;
 * ```
 */
export function defineOpenAICompatibleBackend(
  definition: OpenAICompatibleBackendDefinition,
): OpenAICompatibleBackendModule {
  return {
    createBackend: (settings) => createOpenAICompatibleBackend(settings, definition),
    optionsSchema,
    metadata: { types: [metadataForDefinition(definition)] },
  };
}
