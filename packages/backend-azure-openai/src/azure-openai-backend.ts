import { createOpenAICompatibleBackend } from '@massgen/backend-openai-compatible';
import type { Backend, BackendSettings } from '@massgen/core';
import { azureClientFactory } from './azure-openai-client.js';
import { parseAzureOpenAIOptions } from './azure-openai-options.js';

/**
 * A backend for one Azure OpenAI deployment, over Chat Completions. The request body, the stream
 * mapping, the error classes, the key handling and the timeouts are the Chat Completions
 * backend's; only the client differs (deployment path, `api-version` query, `api-key` header).
 */
export function createAzureOpenAIBackend(settings: BackendSettings): Backend {
  const azure = parseAzureOpenAIOptions(settings);
  return createOpenAICompatibleBackend(
    {
      ...settings,
      model: settings.model === '' ? azure.deployment : settings.model,
      parsedOptions: { ...azure.chatOptions, base_url: `${azure.endpoint}/openai` },
    },
    {
      type: settings.type,
      apiKeyEnvironmentVariable: 'AZURE_OPENAI_API_KEY',
      requiresApiKey: true,
      displayName: 'Azure OpenAI',
      createClient: azureClientFactory(azure),
    },
  );
}
