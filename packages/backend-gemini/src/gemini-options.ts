import {
  commonOptionFields,
  flagOption,
  readBackendOptions,
  readCommonOptions,
  type CommonOptions,
} from '@massgen/backend-utils';
import type { BackendSettings } from '@massgen/core';
import { z } from 'zod';

const penalty = z
  .number({ error: 'expected a number between -2 and 2' })
  .min(-2, { error: 'expected a number between -2 and 2' })
  .max(2, { error: 'expected a number between -2 and 2' });

export const defaultTimeoutSeconds = 600;
export const defaultBaseUrl = 'https://generativelanguage.googleapis.com';
export const defaultApiVersion = 'v1beta';

/**
 * The keys of a `backend` block the Gemini backend reads. Other keys pass validation (so that
 * `massgen --validate` accepts a block written for another backend) and are reported as warnings.
 */
export const optionsSchema = z.object({
  ...commonOptionFields({ baseUrl: defaultBaseUrl, defaultTimeoutSeconds }),
  api_version: z
    .string({ error: 'expected an API version such as v1beta' })
    .regex(/^v\d+\w*$/, { error: 'expected an API version such as v1beta or v1' })
    .describe('The Gemini API version to call, such as v1beta (the default) or v1.')
    .optional(),
  top_k: z
    .number({ error: 'expected a whole number' })
    .int({ error: 'expected a whole number' })
    .positive({ error: 'expected a positive whole number' })
    .describe('Sample only from the K most likely tokens.')
    .optional(),
  stop: z
    .union([z.string(), z.array(z.string())], { error: 'expected a stop sequence or a list of them' })
    .describe('A stop sequence, or a list of them: the reply ends before any of them.')
    .optional(),
  presence_penalty: penalty
    .describe('From -2 to 2: positive values make tokens already used less likely, encouraging new topics.')
    .optional(),
  frequency_penalty: penalty
    .describe('From -2 to 2: positive values make tokens less likely the more often they were used.')
    .optional(),
  thinking_budget: z
    .number({ error: 'expected a number of tokens (0 turns thinking off, -1 lets the model decide)' })
    .int({ error: 'expected a whole number of tokens' })
    .min(-1, { error: 'expected a number of tokens (0 turns thinking off, -1 lets the model decide)' })
    .describe('Thinking budget in tokens: 0 turns thinking off, -1 lets the model decide.')
    .optional(),
  include_thoughts: flagOption("Whether to show the model's thought summaries as it thinks."),
  enable_web_search: flagOption('Let Gemini ground its answers in Google Search (the google_search tool).'),
  enable_code_execution: flagOption("Let Gemini write and run Python in Google's sandbox (the code_execution tool)."),
});

export interface GeminiOptions extends CommonOptions {
  apiVersion: string;
  topK?: number;
  stopSequences?: string[];
  presencePenalty?: number;
  frequencyPenalty?: number;
  thinkingBudget?: number;
  includeThoughts?: boolean;
  /** Google's own tools the configuration turns on. */
  builtInTools: GeminiBuiltInTools;
}

export interface GeminiBuiltInTools {
  googleSearch: boolean;
  codeExecution: boolean;
}

/**
 * Validates `settings.options`. Invalid values are a configuration error naming the key; keys this
 * backend does not know are a warning each, because a typo should be visible but not fatal.
 */
export function parseGeminiOptions(settings: BackendSettings): GeminiOptions {
  const options = readBackendOptions(
    optionsSchema,
    settings,
    'it is ignored; put request fields Gemini understands under extra_body',
  );
  const { baseUrl, version } = splitVersion(options.base_url, settings);
  const stop =
    options.stop === undefined ? undefined : typeof options.stop === 'string' ? [options.stop] : options.stop;
  return {
    ...readCommonOptions(options, defaultTimeoutSeconds),
    ...(baseUrl === undefined ? {} : { baseUrl }),
    apiVersion: options.api_version ?? version ?? defaultApiVersion,
    ...(options.top_k === undefined ? {} : { topK: options.top_k }),
    ...(stop === undefined ? {} : { stopSequences: stop }),
    ...(options.presence_penalty === undefined ? {} : { presencePenalty: options.presence_penalty }),
    ...(options.frequency_penalty === undefined ? {} : { frequencyPenalty: options.frequency_penalty }),
    ...(options.thinking_budget === undefined ? {} : { thinkingBudget: options.thinking_budget }),
    ...(options.include_thoughts === undefined ? {} : { includeThoughts: options.include_thoughts }),
    builtInTools: {
      googleSearch: options.enable_web_search === true,
      codeExecution: options.enable_code_execution === true,
    },
  };
}

/**
 * The SDK appends the API version to the base URL itself, so a URL copied with its version
 * (`…googleapis.com/v1beta`) would request `/v1beta/v1beta/models/…`. The version is taken off,
 * with a warning, and used unless `api_version` says otherwise.
 */
function splitVersion(url: string | undefined, settings: BackendSettings): { baseUrl?: string; version?: string } {
  if (url === undefined) return {};
  const trimmed = url.replace(/\/+$/, '');
  const match = /\/(v\d+\w*)$/.exec(trimmed);
  if (match?.[1] === undefined) return { baseUrl: trimmed };
  settings.warn({
    code: 'base-url-version',
    message: `backend.base_url ends in /${match[1]}, which the Gemini SDK adds itself (from api_version); it was removed.`,
    path: 'backend.base_url',
    agentId: settings.agentId,
  });
  return { baseUrl: trimmed.slice(0, -match[0].length), version: match[1] };
}
