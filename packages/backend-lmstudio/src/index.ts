import { defineOpenAICompatibleBackend } from '@massgen/backend-openai-compatible';
import type { OpenAICompatibleBackendDefinition } from '@massgen/backend-openai-compatible';

/**
 * LM Studio's local server (Developer tab, "Start server"). It takes no key, so none is asked for;
 * `api_key` is still sent when configured, for a server put behind an authenticating proxy.
 */
export const lmStudioDefinition: OpenAICompatibleBackendDefinition = {
  type: 'lmstudio',
  defaultBaseUrl: 'http://localhost:1234/v1',
  requiresApiKey: false,
  displayName: 'LM Studio',
  description: "LM Studio's local server (no key)",
  aliases: ['lm_studio'],
  defaultModel: 'qwen2.5-7b-instruct',
  exampleBaseUrl: 'http://localhost:1234/v1',
};

export const { specificationVersion, createBackend, optionsSchema, metadata } =
  defineOpenAICompatibleBackend(lmStudioDefinition);
/** The same as `createBackend`, under a name that says which backend it creates. */
export const createLMStudioBackend = createBackend;
