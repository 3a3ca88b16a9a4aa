import { commonOptionFields, readBackendOptions, readTimeoutMs } from '@massgen/backend-utils';
import type { BackendSettings } from '@massgen/core';
import { z } from 'zod';

const positiveInteger = (what: string) =>
  z
    .number({ error: `expected ${what} as a whole number` })
    .int({ error: `expected ${what} as a whole number` })
    .positive({ error: `expected ${what} above 0` });

export const defaultTimeoutSeconds = 600;

const { timeout_seconds, request_timeout } = commonOptionFields({ baseUrl: 'http://127.0.0.1', defaultTimeoutSeconds });

/**
 * The keys of a `backend` block this backend reads. Other keys pass validation (a block written
 * for another backend still validates) and are reported as warnings.
 */
export const optionsSchema = z.object({
  context_size: positiveInteger('the context size in tokens')
    .describe(
      "Tokens of conversation each agent's context holds; capped by what the model was trained on (default 8192).",
    )
    .optional(),
  threads: positiveInteger('the number of threads')
    .describe('CPU threads for inference; chosen for the machine when absent.')
    .optional(),
  timeout_seconds,
  request_timeout,
  models_dir: z
    .string({ error: 'expected a directory path' })
    .min(1, { error: 'expected a directory path' })
    .describe('Where `hf:` models are downloaded; MASSGEN_MODELS_DIR or ~/.cache/massgen/models otherwise.')
    .optional(),
});

export const defaultContextSize = 8192;

export interface LocalOptions {
  contextSize?: number;
  threads?: number;
  timeoutMs: number;
  modelsDir?: string;
}

/** Validates `settings.options`; a bad value is a configuration error naming the key, an unknown key a warning. */
export function parseLocalOptions(settings: BackendSettings): LocalOptions {
  const options = readBackendOptions(
    optionsSchema,
    settings,
    'it is ignored (it reads context_size, threads, timeout_seconds, models_dir)',
  );
  return {
    ...(options.context_size === undefined ? {} : { contextSize: options.context_size }),
    ...(options.threads === undefined ? {} : { threads: options.threads }),
    timeoutMs: readTimeoutMs(options, defaultTimeoutSeconds),
    ...(options.models_dir === undefined ? {} : { modelsDir: options.models_dir }),
  };
}
