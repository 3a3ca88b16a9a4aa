import { readBackendOptions } from '@massgen/backend-utils';
import { optionsSchema as openAICompatibleOptionsSchema } from '@massgen/backend-openai-compatible';
import { ConfigError, type BackendSettings } from '@massgen/core';
import { z } from 'zod';

/** A generally available API version that streams usage and tool calls; newer ones can be configured. */
export const defaultAzureApiVersion = '2024-10-21';

const httpUrl = z
  .string({ error: 'expected the resource endpoint, such as https://my-resource.openai.azure.com' })
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    error: 'expected an http(s) URL such as https://my-resource.openai.azure.com',
  });

const deploymentName = z
  .string({ error: 'expected the deployment name as a string' })
  .min(1, { error: 'expected a non-empty deployment name' });

/**
 * The keys of an `azure_openai` backend block: the Chat Completions backend's, plus where the
 * resource is, which deployment to call and which API version to speak.
 */
export const optionsSchema = openAICompatibleOptionsSchema.extend({
  base_url: httpUrl.optional(),
  azure_endpoint: httpUrl
    .describe(
      "Upstream's name for `base_url`: the resource endpoint, such as https://my-resource.openai.azure.com (default: AZURE_OPENAI_ENDPOINT).",
    )
    .optional(),
  deployment: deploymentName
    .describe('The deployment to call; by default the one named in the endpoint URL, else the model.')
    .optional(),
  deployment_name: deploymentName.describe("Upstream's name for `deployment`.").optional(),
  api_version: z
    .string({ error: 'expected an API version such as 2024-10-21' })
    .min(1, { error: 'expected an API version such as 2024-10-21' })
    .describe(
      `The Azure OpenAI API version; by default the one in the endpoint URL, else AZURE_OPENAI_API_VERSION, else ${defaultAzureApiVersion}.`,
    )
    .optional(),
});

const azureKeys = ['base_url', 'azure_endpoint', 'deployment', 'deployment_name', 'api_version'] as const;

export interface AzureOpenAIOptions {
  /** The resource endpoint, without a trailing slash or `/openai`. */
  endpoint: string;
  deployment: string;
  apiVersion: string;
  /** What is left for the Chat Completions backend underneath (key, timeout, headers, extra body), as parsed. */
  chatOptions: Record<string, unknown>;
}

function configError(settings: BackendSettings, path: string, message: string): ConfigError {
  return new ConfigError({
    issues: [{ path, message: `${message} (agent ${settings.agentId}, backend type ${settings.type})` }],
  });
}

/**
 * Validates the Azure keys and resolves them: the endpoint from `base_url`, `azure_endpoint` or
 * `AZURE_OPENAI_ENDPOINT`; the deployment from `deployment`, else the endpoint URL's path, else
 * the model; the API version from `api_version`, else the URL's query, else
 * `AZURE_OPENAI_API_VERSION`, else the default. The options are parsed once, here (or by the
 * runtime, which hands them over as `parsedOptions`): the Chat Completions backend underneath
 * gets the rest as parsed, and neither parses nor warns again.
 */
export function parseAzureOpenAIOptions(settings: BackendSettings): AzureOpenAIOptions {
  const options = readBackendOptions(
    optionsSchema,
    settings,
    'it is ignored; put request fields the server understands under extra_body',
  );
  const environmentEndpoint = settings.env['AZURE_OPENAI_ENDPOINT']?.trim();
  const endpoint =
    options.base_url ?? options.azure_endpoint ?? (environmentEndpoint === '' ? undefined : environmentEndpoint);
  if (endpoint === undefined) {
    throw configError(
      settings,
      'backend.base_url',
      'expected the Azure OpenAI endpoint: set base_url (or azure_endpoint) in the backend block, or AZURE_OPENAI_ENDPOINT',
    );
  }
  if (!httpUrl.safeParse(endpoint).success) {
    throw configError(
      settings,
      'backend.base_url',
      'expected AZURE_OPENAI_ENDPOINT to be an http(s) URL such as https://my-resource.openai.azure.com',
    );
  }
  // A URL copied from the Azure portal may name the deployment and the API version itself.
  const url = new URL(endpoint);
  const deploymentInUrl = /\/openai\/deployments\/([^/]+)/.exec(url.pathname)?.[1];
  const versionInUrl = url.searchParams.get('api-version') ?? undefined;
  const deployment =
    options.deployment ??
    options.deployment_name ??
    (deploymentInUrl === undefined ? undefined : decodeURIComponent(deploymentInUrl)) ??
    settings.model;
  if (deployment === '')
    throw configError(
      settings,
      'backend.deployment',
      'expected the deployment to call: set deployment, or model to the deployment name',
    );
  const environmentVersion = settings.env['AZURE_OPENAI_API_VERSION']?.trim();
  const chatOptions = Object.fromEntries(
    Object.entries(options).filter(([key]) => !(azureKeys as readonly string[]).includes(key)),
  );
  return {
    // The client adds `/openai/...` itself; endpoints are often pasted with it, or with a slash.
    endpoint: `${url.origin}${url.pathname.replace(/\/openai(\/.*)?$/, '').replace(/\/+$/, '')}`,
    deployment,
    apiVersion:
      options.api_version ??
      versionInUrl ??
      (environmentVersion === undefined || environmentVersion === '' ? defaultAzureApiVersion : environmentVersion),
    chatOptions,
  };
}
