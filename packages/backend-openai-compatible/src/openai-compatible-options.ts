import {
  commonOptionFields,
  type CommonOptions,
  flagOption,
  readBackendOptions,
  readCommonOptions,
} from '@massgen/backend-utils';
import type { BackendSettings } from '@massgen/core';
import { z } from 'zod';
import type { OpenAICompatibleBackendDefinition } from './openai-compatible-endpoint.js';
import { providerPresetNames, type ProviderPresetName } from './openai-compatible-presets.js';

export const defaultTimeoutSeconds = 600;

/**
 * The keys of a `backend` block this backend reads. Other keys pass validation (so that
 * `massgen --validate` accepts a block written for another backend) and are reported as warnings.
 */
export const optionsSchema = z.object({
  ...commonOptionFields({ baseUrl: 'https://api.example.com/v1', defaultTimeoutSeconds }),
  provider: z
    .enum(providerPresetNames, { error: `expected one of ${providerPresetNames.join(', ')}` })
    .describe('A known OpenAI-compatible provider, which sets the base URL and the API key variable.')
    .optional(),
  parallel_tool_calls: flagOption(
    'Whether the model may call several tools in one reply; sent only when tools are offered.',
  ),
  enable_web_search: flagOption(
    "OpenRouter only: turn on OpenRouter's web search plugin, so answers can draw on live search results.",
  ),
});

export interface OpenAICompatibleOptions extends CommonOptions {
  provider?: ProviderPresetName;
  parallelToolCalls?: boolean;
  /** `enable_web_search`: OpenRouter's web plugin on every request. */
  webSearch: boolean;
  /** The definition's `serverRequestFields` that are set, under their request names. */
  serverFields: Record<string, unknown>;
}

/** The options of a backend built from `definition`: the common ones plus its server's request fields. */
export function optionsSchemaFor(
  definition: Pick<OpenAICompatibleBackendDefinition, 'serverRequestFields'>,
): z.ZodObject {
  return definition.serverRequestFields === undefined
    ? optionsSchema
    : optionsSchema.extend(definition.serverRequestFields);
}

/** The options as read: an invalid value is a configuration error naming the key, an unknown key a warning. */
export function parseOpenAICompatibleOptions(
  settings: BackendSettings,
  definition: Pick<OpenAICompatibleBackendDefinition, 'serverRequestFields'> = {},
): OpenAICompatibleOptions {
  const parsed: Record<string, unknown> = readBackendOptions(
    optionsSchemaFor(definition),
    settings,
    'it is ignored; put request fields the server understands under extra_body',
  );
  const options = parsed as z.output<typeof optionsSchema>;
  const serverFieldNames = Object.keys(definition.serverRequestFields ?? {});
  return {
    ...readCommonOptions(options, defaultTimeoutSeconds),
    serverFields: Object.fromEntries(
      serverFieldNames.filter((name) => parsed[name] !== undefined).map((name) => [name, parsed[name]]),
    ),
    ...(options.provider === undefined ? {} : { provider: options.provider }),
    ...(options.parallel_tool_calls === undefined ? {} : { parallelToolCalls: options.parallel_tool_calls }),
    webSearch: options.enable_web_search === true,
  };
}
