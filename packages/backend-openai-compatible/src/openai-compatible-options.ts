import { ConfigError, type BackendSettings } from '@massgen/core';
import { z } from 'zod';
import { providerPresetNames, type ProviderPresetName } from './openai-compatible-presets.js';

const seconds = z
  .number({ error: 'expected a number of seconds' })
  .positive({ error: 'expected a positive number of seconds' });

/**
 * The keys of a `backend` block this backend reads. Other keys pass validation (so that
 * `massgen --validate` accepts a block written for another backend) and are reported as warnings.
 */
export const optionsSchema = z.looseObject({
  api_key: z.string({ error: 'expected the API key as a string' }).optional(),
  base_url: z
    .string({ error: 'expected a URL such as https://api.example.com/v1' })
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
      error: 'expected an http(s) URL such as https://api.example.com/v1',
    })
    .optional(),
  timeout_seconds: seconds.optional(),
  /** The upstream MassGen name for the same setting. */
  request_timeout: seconds.optional(),
  headers: z
    .record(z.string(), z.string({ error: 'expected the header value as a string' }), {
      error: 'expected a map of header names to string values',
    })
    .optional(),
  extra_body: z.record(z.string(), z.unknown(), { error: 'expected a map of extra request body fields' }).optional(),
  provider: z.enum(providerPresetNames, { error: `expected one of ${providerPresetNames.join(', ')}` }).optional(),
});

const knownKeys = new Set(Object.keys(optionsSchema.shape));

export const defaultTimeoutSeconds = 600;

export interface OpenAICompatibleOptions {
  apiKey?: string;
  baseUrl?: string;
  timeoutMs: number;
  headers: Record<string, string>;
  extraBody: Record<string, unknown>;
  provider?: ProviderPresetName;
}

/**
 * Validates `settings.options`. Invalid values are a configuration error naming the key; keys this
 * backend does not know are a warning each, because a typo should be visible but not fatal.
 */
export function parseOpenAICompatibleOptions(settings: BackendSettings): OpenAICompatibleOptions {
  const result = optionsSchema.safeParse(settings.options);
  if (!result.success) {
    throw new ConfigError({
      issues: result.error.issues.map((issue) => ({
        path: ['backend', ...issue.path.map(String)].join('.'),
        message: `${issue.message} (agent ${settings.agentId}, backend type ${settings.type})`,
      })),
    });
  }
  for (const key of Object.keys(settings.options)) {
    if (knownKeys.has(key)) continue;
    settings.warn({
      code: 'unknown-key',
      message: `backend.${key} is not a setting of the ${settings.type} backend and is ignored; put request fields the server understands under extra_body.`,
      path: `backend.${key}`,
      agentId: settings.agentId,
    });
  }
  const options = result.data;
  return {
    ...(options.api_key === undefined ? {} : { apiKey: options.api_key }),
    ...(options.base_url === undefined ? {} : { baseUrl: options.base_url }),
    timeoutMs: (options.timeout_seconds ?? options.request_timeout ?? defaultTimeoutSeconds) * 1000,
    headers: options.headers ?? {},
    extraBody: options.extra_body ?? {},
    ...(options.provider === undefined ? {} : { provider: options.provider }),
  };
}
