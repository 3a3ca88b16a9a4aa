import { flagOption, readBackendOptions, readCommonOptions, type CommonOptions } from '@massgen/backend-utils';
import {
  defaultTimeoutSeconds,
  optionsSchema as openAICompatibleOptionsSchema,
} from '@massgen/backend-openai-compatible';
import type { BackendSettings } from '@massgen/core';
import { z } from 'zod';

/** Which OpenAI API a backend speaks; `auto` picks per model and settings (see `chooseOpenAIApi`). */
export type OpenAIApiChoice = 'auto' | 'responses' | 'chat';

/**
 * The keys of an `openai` backend block: the Chat Completions backend's (key, URL, timeout,
 * headers, extra body), plus the Responses API's own. Other keys pass validation, so that
 * `massgen --validate` accepts a block written for another backend, and are reported as warnings.
 */
export const optionsSchema = openAICompatibleOptionsSchema.omit({ provider: true, enable_web_search: true }).extend({
  organization: z.string({ error: 'expected the organization id as a string, such as org-...' }).min(1).optional(),
  api: z.enum(['auto', 'responses', 'chat'], { error: 'expected one of auto, responses, chat' }).optional(),
  store: z.boolean({ error: 'expected true or false' }).optional(),
  reasoning: z
    .looseObject({
      effort: z.string({ error: 'expected a reasoning effort such as low, medium or high' }).optional(),
      summary: z.enum(['auto', 'concise', 'detailed'], { error: 'expected one of auto, concise, detailed' }).optional(),
    })
    .optional(),
  text: z
    .looseObject({
      verbosity: z.enum(['low', 'medium', 'high'], { error: 'expected one of low, medium, high' }).optional(),
    })
    .describe('Responses API text settings, such as {verbosity: low}.')
    .optional(),
  enable_web_search: flagOption("Let the model search the web with OpenAI's own web_search tool (Responses API)."),
  enable_code_interpreter: flagOption(
    "Let the model run Python in OpenAI's code_interpreter container (Responses API).",
  ),
});

/** OpenAI's own tools, run on its servers, that the configuration turns on. */
export interface OpenAIProviderTools {
  webSearch: boolean;
  codeInterpreter: boolean;
}

export interface OpenAIOptions extends CommonOptions {
  organization?: string;
  api: OpenAIApiChoice;
  /** Whether OpenAI keeps the response; off by default, so reasoning is replayed encrypted instead. */
  store: boolean;
  /** `reasoning` as configured, `effort` included (the sampling setting wins over it). */
  reasoning: Record<string, unknown>;
  text: Record<string, unknown>;
  parallelToolCalls?: boolean;
  providerTools: OpenAIProviderTools;
}

/**
 * Validates `settings.options`: invalid values are a configuration error naming the key; keys
 * this backend does not know are a warning each.
 */
export function parseOpenAIOptions(settings: BackendSettings): OpenAIOptions {
  const options = readBackendOptions(
    optionsSchema,
    settings,
    'it is ignored; put request fields OpenAI understands under extra_body',
  );
  return {
    ...readCommonOptions(options, defaultTimeoutSeconds),
    ...(options.organization === undefined ? {} : { organization: options.organization }),
    api: options.api ?? 'auto',
    store: options.store ?? false,
    reasoning: options.reasoning ?? {},
    text: options.text ?? {},
    ...(options.parallel_tool_calls === undefined ? {} : { parallelToolCalls: options.parallel_tool_calls }),
    providerTools: {
      webSearch: options.enable_web_search === true,
      codeInterpreter: options.enable_code_interpreter === true,
    },
  };
}
