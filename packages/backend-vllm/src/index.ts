import { defineOpenAICompatibleBackend, localServerRequestFields } from '@massgen/backend-openai-compatible';
import type { OpenAICompatibleBackendDefinition } from '@massgen/backend-openai-compatible';

/**
 * vLLM's OpenAI-compatible server (`vllm serve`). It checks a key only when started with
 * `--api-key`, so one is sent when `VLLM_API_KEY` or `api_key` has it and not asked for otherwise.
 */
export const vllmDefinition: OpenAICompatibleBackendDefinition = {
  type: 'vllm',
  defaultBaseUrl: 'http://localhost:8000/v1',
  apiKeyEnvironmentVariable: 'VLLM_API_KEY',
  requiresApiKey: false,
  displayName: 'vLLM',
  description: 'a vLLM server (a key only when it was started with --api-key)',
  defaultModel: 'Qwen/Qwen2.5-7B-Instruct',
  serverRequestFields: localServerRequestFields,
  exampleBaseUrl: 'http://localhost:8000/v1',
};

export const { specificationVersion, createBackend, optionsSchema, metadata } =
  defineOpenAICompatibleBackend(vllmDefinition);
/** The same as `createBackend`, under a name that says which backend it creates. */
export const createVLLMBackend = createBackend;
