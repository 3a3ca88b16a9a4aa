import { commonOptionFields, readBackendOptions, readCommonOptions, type CommonOptions } from '@massgen/backend-utils';
import type { BackendSettings } from '@massgen/core';
import { z } from 'zod';
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
});

export interface OpenAICompatibleOptions extends CommonOptions {
  provider?: ProviderPresetName;
}

/** The options as read: an invalid value is a configuration error naming the key, an unknown key a warning. */
export function parseOpenAICompatibleOptions(settings: BackendSettings): OpenAICompatibleOptions {
  const options = readBackendOptions(
    optionsSchema,
    settings,
    'it is ignored; put request fields the server understands under extra_body',
  );
  return {
    ...readCommonOptions(options, defaultTimeoutSeconds),
    ...(options.provider === undefined ? {} : { provider: options.provider }),
  };
}
