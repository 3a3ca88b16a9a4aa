import { defineOpenAICompatibleBackend, localServerRequestFields } from '@massgen/backend-openai-compatible';
import type { OpenAICompatibleBackendDefinition } from '@massgen/backend-openai-compatible';

/**
 * SGLang's OpenAI-compatible server (`python -m sglang.launch_server`). Like vLLM it checks a key
 * only when started with `--api-key`; `SGLANG_API_KEY` or `api_key` supplies it then.
 */
export const sglangDefinition: OpenAICompatibleBackendDefinition = {
  type: 'sglang',
  defaultBaseUrl: 'http://localhost:30000/v1',
  apiKeyEnvironmentVariable: 'SGLANG_API_KEY',
  requiresApiKey: false,
  displayName: 'SGLang',
  description: 'an SGLang server (a key only when it was started with --api-key)',
  defaultModel: 'Qwen/Qwen2.5-7B-Instruct',
  serverRequestFields: localServerRequestFields,
  exampleBaseUrl: 'http://localhost:30000/v1',
};

export const { specificationVersion, createBackend, optionsSchema, metadata } =
  defineOpenAICompatibleBackend(sglangDefinition);
/** The same as `createBackend`, under a name that says which backend it creates. */
export const createSGLangBackend = createBackend;
