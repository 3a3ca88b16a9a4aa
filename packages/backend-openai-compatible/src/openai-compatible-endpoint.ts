import { isLoopbackUrl } from '@massgen/backend-utils';
import type OpenAI from 'openai';
import type { ClientOptions } from 'openai';
import type { z } from 'zod';
import type { OpenAISdk } from './load-openai-sdk.js';
import type { OpenAICompatibleOptions } from './openai-compatible-options.js';
import { openAIPreset, presetForBaseUrl, providerPresets } from './openai-compatible-presets.js';
import type { ProviderPresetName } from './openai-compatible-presets.js';

/** What a backend type built on Chat Completions fixes in code; thin packages differ only here. */
export interface OpenAICompatibleBackendDefinition {
  /** The `backend.type` it serves (`chatcompletion`, `vllm`, `grok`, ...). */
  type: string;
  /** Used when the configuration has no `base_url`. Without one, OpenAI's URL is used. */
  defaultBaseUrl?: string;
  /** Where the key is read from when the configuration has no `api_key`. */
  apiKeyEnvironmentVariable?: string;
  /** Local servers (vLLM, LM Studio) accept any key: they get a placeholder when none is set. */
  requiresApiKey: boolean;
  /** Used when the configuration has no `model`. */
  defaultModel?: string;
  /** Name of the provider in messages. Defaults to the preset or the host. */
  displayName?: string;
  /** Listing facts for the package's `metadata` (see `BackendTypeMetadata`). */
  description?: string;
  aliases?: readonly string[];
  exampleBaseUrl?: string;
  modelPatterns?: readonly string[];
  /**
   * Media types the server takes, when fewer than Chat Completions defines (see
   * `chatCompletionsMediaTypes`); a part of another type is refused before the call.
   */
  mediaTypes?: readonly string[];
  /**
   * Builds the SDK client from the options the default `OpenAI` client would get, for servers
   * that need another client class (Azure OpenAI's deployment paths and `api-key` header).
   */
  createClient?: (sdk: OpenAISdk, options: ClientOptions) => OpenAI;
  /**
   * Request fields the server reads beyond Chat Completions' own (vLLM's `top_k`,
   * `chat_template_kwargs`): each is a backend option, checked by its schema and sent at the top of
   * the body as written.
   */
  serverRequestFields?: z.ZodRawShape;
  /**
   * Request fields `enable_web_search` adds for this server's own search (xAI's
   * `search_parameters`); a configured `extra_body` field of the same name is merged over them.
   */
  webSearchFields?: Record<string, Record<string, unknown>>;
}

export const chatCompletionDefinition: OpenAICompatibleBackendDefinition = {
  type: 'chatcompletion',
  requiresApiKey: true,
};

function isPresetName(type: string): type is ProviderPresetName {
  return Object.hasOwn(providerPresets, type);
}

/**
 * The definition for a `backend.type` this package serves: the runtime loads it for
 * `chatcompletion` and for each preset's name (`type: groq` means Groq's URL and `GROQ_API_KEY`).
 */
export function definitionForType(type: string): OpenAICompatibleBackendDefinition {
  if (!isPresetName(type)) return { ...chatCompletionDefinition, type };
  const preset = providerPresets[type];
  return {
    type,
    defaultBaseUrl: preset.baseUrl,
    apiKeyEnvironmentVariable: preset.apiKeyEnvironmentVariable,
    requiresApiKey: true,
    displayName: preset.name,
  };
}

/** Where one backend sends its requests and how it finds its key. */
export interface OpenAICompatibleEndpoint {
  baseUrl: string;
  /** Human name for messages: `groq`, `openai`, `chatcompletion at llm.example.com`. */
  providerName: string;
  /** The hosted provider behind the URL, when it is a known one (`openrouter`, `openai`). */
  preset?: string;
  apiKeyEnvironmentVariable?: string;
  requiresApiKey: boolean;
}

/**
 * Decides the URL and key variable. A thin package's own variable wins; for `chatcompletion` an
 * explicit `provider:` preset wins over the preset recognised from the `base_url` host. A key is
 * never sent to an unrecognised host from a variable meant for another provider.
 */
export function resolveEndpoint(
  definition: OpenAICompatibleBackendDefinition,
  options: Pick<OpenAICompatibleOptions, 'baseUrl' | 'provider'>,
): OpenAICompatibleEndpoint {
  const preset = options.provider === undefined ? undefined : providerPresets[options.provider];
  const baseUrl = (options.baseUrl ?? preset?.baseUrl ?? definition.defaultBaseUrl ?? openAIPreset.baseUrl).replace(
    /\/+$/,
    '',
  );
  const hostPreset = presetForBaseUrl(baseUrl);
  const apiKeyEnvironmentVariable =
    definition.apiKeyEnvironmentVariable ?? preset?.apiKeyEnvironmentVariable ?? hostPreset?.apiKeyEnvironmentVariable;
  const providerName =
    definition.displayName ?? preset?.name ?? hostPreset?.name ?? `${definition.type} at ${new URL(baseUrl).host}`;
  // Local servers rarely check keys; asking for one would only get in the way.
  const requiresApiKey =
    definition.requiresApiKey && !(apiKeyEnvironmentVariable === undefined && isLoopbackUrl(baseUrl));
  const presetName = isPresetName(definition.type) ? definition.type : (preset ?? hostPreset)?.name;
  return {
    baseUrl,
    providerName,
    ...(presetName === undefined ? {} : { preset: presetName }),
    ...(apiKeyEnvironmentVariable === undefined ? {} : { apiKeyEnvironmentVariable }),
    requiresApiKey,
  };
}
