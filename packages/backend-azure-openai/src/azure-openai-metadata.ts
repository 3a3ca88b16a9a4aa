import type { BackendMetadata } from '@massgen/core';

export const metadata: BackendMetadata = {
  types: [
    {
      type: 'azure_openai',
      displayName: 'Azure OpenAI',
      description:
        'deployments of an Azure OpenAI resource (model = deployment name; AZURE_OPENAI_ENDPOINT or base_url)',
      aliases: ['azure'],
      defaultModel: 'gpt-5-nano',
      apiKeyEnvironmentVariables: ['AZURE_OPENAI_API_KEY'],
      requiresApiKey: true,
      exampleBaseUrl: 'https://YOUR-RESOURCE.openai.azure.com',
    },
  ],
};
