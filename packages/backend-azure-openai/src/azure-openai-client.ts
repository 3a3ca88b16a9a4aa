import type { OpenAISdk } from '@massgen/backend-openai-compatible';
import { keyIssuer } from '@massgen/backend-utils';
import { MassGenError } from '@massgen/core';
import type OpenAI from 'openai';
import type { ClientOptions } from 'openai';

/**
 * Builds the `AzureOpenAI` client for one deployment. Its base URL is given in full so that the
 * SDK does not read `OPENAI_BASE_URL` or `AZURE_OPENAI_ENDPOINT` behind the configuration's back.
 * Azure keys carry no prefix, so a key with another provider's prefix is surely misplaced.
 */
export function azureClientFactory(target: { endpoint: string; deployment: string; apiVersion: string }) {
  return (sdk: OpenAISdk, options: ClientOptions): OpenAI => {
    const apiKey = typeof options.apiKey === 'string' ? options.apiKey : undefined;
    const issuer = apiKey === undefined ? undefined : keyIssuer(apiKey);
    if (issuer !== undefined) {
      throw new MassGenError({
        code: 'BACKEND_AUTH',
        retryable: false,
        message: `The Azure OpenAI API key (backend.api_key or AZURE_OPENAI_API_KEY) looks like a key issued by ${issuer}; use a key of the Azure OpenAI resource (Keys and Endpoint in the Azure portal).`,
      });
    }
    return new sdk.AzureOpenAI({
      apiKey,
      timeout: options.timeout,
      maxRetries: options.maxRetries,
      defaultHeaders: options.defaultHeaders,
      organization: options.organization,
      project: options.project,
      logLevel: options.logLevel,
      fetch: options.fetch,
      baseURL: `${target.endpoint}/openai`,
      deployment: target.deployment,
      apiVersion: target.apiVersion,
    });
  };
}
