import type { Backend, BackendMetadata, BackendSettings } from '@massgen/core';
import type { z } from 'zod';
import { createOpenAICompatibleBackend } from './openai-compatible-backend.js';
import type { OpenAICompatibleBackendDefinition } from './openai-compatible-endpoint.js';
import { metadataForDefinition } from './openai-compatible-metadata.js';
import { optionsSchemaFor } from './openai-compatible-options.js';

/** What a thin backend package exports. */
export interface OpenAICompatibleBackendModule {
  specificationVersion: 'v1';
  createBackend: (settings: BackendSettings) => Backend;
  optionsSchema: z.ZodObject;
  metadata: BackendMetadata;
}

/**
 * Builds the exports of a backend package for a server that speaks Chat Completions, so that a
 * package such as `@massgen/backend-vllm` is its definition and little else:
 *
 * ```ts
 * export const { specificationVersion, createBackend, optionsSchema, metadata } = defineOpenAICompatibleBackend({
 *   type: 'vllm',
 *   defaultBaseUrl: 'http://localhost:8000/v1',
 *   requiresApiKey: false,
 * });
 * ```
 */
export function defineOpenAICompatibleBackend(
  definition: OpenAICompatibleBackendDefinition,
): OpenAICompatibleBackendModule {
  return {
    specificationVersion: 'v1',
    createBackend: (settings) => createOpenAICompatibleBackend(settings, definition),
    optionsSchema: optionsSchemaFor(definition),
    metadata: { types: [metadataForDefinition(definition)] },
  };
}
