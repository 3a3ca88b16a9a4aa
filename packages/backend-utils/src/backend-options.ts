import { ConfigError, type BackendSettings } from '@massgen/core';
import { z } from 'zod';

/** A positive number of seconds. */
export const secondsOption = z
  .number({ error: 'expected a number of seconds' })
  .positive({ error: 'expected a positive number of seconds' });

/** A whole number above zero, such as a count of turns or a top-k. */
export const positiveWholeNumberOption = z
  .number({ error: 'expected a positive whole number' })
  .int({ error: 'expected a positive whole number' })
  .positive({ error: 'expected a positive whole number' });

/** An optional true-or-false switch, described for `--show-schema` and the reference. */
export function flagOption(description: string) {
  return z.boolean({ error: 'expected true or false' }).describe(description).optional();
}

/** An http(s) URL; `example` shows the expected form in the message. */
export function httpUrlOption(example: string): z.ZodString {
  return z
    .string({ error: `expected a URL such as ${example}` })
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
      error: `expected an http(s) URL such as ${example}`,
    });
}

const requestTimeoutDescription = "Upstream's name for `timeout_seconds`.";

/**
 * The options every HTTP backend reads, with the descriptions `--show-schema` and the reference
 * show. A backend spreads them into its own schema (`backendOptionsSchema`) and adds its own.
 */
export function commonOptionFields(example: { baseUrl: string; defaultTimeoutSeconds: number }) {
  return {
    api_key: z
      .string({ error: 'expected the API key as a string' })
      .describe(
        "API key; by default read from the provider's environment variable (OPENAI_API_KEY, ANTHROPIC_API_KEY, ...). Prefer `${NAME}` to writing a key here.",
      )
      .optional(),
    base_url: httpUrlOption(example.baseUrl)
      .describe("Base URL of the provider's API, for proxies, gateways and local servers.")
      .optional(),
    timeout_seconds: secondsOption
      .describe(
        `Longest silence allowed within one request: before the response starts, and between its chunks. Default ${example.defaultTimeoutSeconds}, long enough for a reasoning model that thinks before it writes; a request cut off by it is retried by the runtime (see orchestrator.max_turn_attempts).`,
      )
      .optional(),
    request_timeout: secondsOption.describe(requestTimeoutDescription).optional(),
    headers: z
      .record(z.string(), z.string({ error: 'expected the header value as a string' }), {
        error: 'expected a map of header names to string values',
      })
      .describe('Extra HTTP headers sent with every request.')
      .optional(),
    extra_body: z
      .record(z.string(), z.unknown(), { error: 'expected a map of extra request body fields' })
      .describe('Extra fields merged into every request body, for provider-specific settings.')
      .optional(),
  };
}

/** The common options, read: keys in camel case, the timeout in milliseconds, maps never absent. */
export interface CommonOptions {
  apiKey?: string;
  baseUrl?: string;
  timeoutMs: number;
  headers: Record<string, string>;
  extraBody: Record<string, unknown>;
}

interface ParsedCommonOptions {
  api_key?: string | undefined;
  base_url?: string | undefined;
  timeout_seconds?: number | undefined;
  request_timeout?: number | undefined;
  headers?: Record<string, string> | undefined;
  extra_body?: Record<string, unknown> | undefined;
}

/**
 * The silence one request may keep, in milliseconds: `timeout_seconds`, else upstream's name for
 * it (`request_timeout`), else the backend's default.
 */
export function readTimeoutMs(
  options: Pick<ParsedCommonOptions, 'timeout_seconds' | 'request_timeout'>,
  defaultTimeoutSeconds: number,
): number {
  return (options.timeout_seconds ?? options.request_timeout ?? defaultTimeoutSeconds) * 1000;
}

export function readCommonOptions(options: ParsedCommonOptions, defaultTimeoutSeconds: number): CommonOptions {
  return {
    ...(options.api_key === undefined ? {} : { apiKey: options.api_key }),
    ...(options.base_url === undefined ? {} : { baseUrl: options.base_url }),
    timeoutMs: readTimeoutMs(options, defaultTimeoutSeconds),
    headers: options.headers ?? {},
    extraBody: options.extra_body ?? {},
  };
}

/**
 * The model a backend calls: `modelId` (the configured one by default), or a configuration error
 * at `backend.model` that says what was `expected` and for which agent.
 */
export function requireModel(settings: BackendSettings, expected: string, modelId = settings.model): string {
  if (modelId !== '') return modelId;
  throw new ConfigError({
    issues: [{ path: 'backend.model', message: `${expected} (agent ${settings.agentId})` }],
  });
}

/**
 * A backend's options as its schema parses them. When the runtime created the backend it has
 * already parsed them (with line numbers for any problem) and warned about keys the backend does
 * not read, so they are taken as they are. A direct caller gets the same checks here: an invalid
 * value is a configuration error naming the key; a key the schema does not read is a warning
 * (`unknownKeyHint` says where such settings go instead), because a typo should be visible but not fatal.
 */
export function readBackendOptions<Schema extends z.ZodObject>(
  schema: Schema,
  settings: BackendSettings,
  unknownKeyHint = 'it is ignored',
): z.output<Schema> {
  if (settings.parsedOptions !== undefined) return settings.parsedOptions as z.output<Schema>;
  const result = schema.safeParse(settings.options);
  if (!result.success) {
    throw new ConfigError({
      issues: result.error.issues.map((issue) => ({
        path: ['backend', ...issue.path.map(String)].join('.'),
        message: `${issue.message} (agent ${settings.agentId}, backend type ${settings.type})`,
      })),
    });
  }
  for (const key of unreadKeys(settings.options, result.data)) {
    settings.warn({
      code: 'unknown-key',
      message: `backend.${key} is not a setting of the ${settings.type} backend; ${unknownKeyHint}.`,
      path: `backend.${key}`,
      agentId: settings.agentId,
    });
  }
  return result.data;
}

/**
 * The keys of `written` a schema did not read: those missing from what it parsed. Object schemas
 * drop keys they do not know, so this needs no knowledge of the schema; one that keeps them
 * (a loose object) reads them all.
 */
export function unreadKeys(written: Readonly<Record<string, unknown>>, parsed: unknown): string[] {
  const read = typeof parsed === 'object' && parsed !== null ? parsed : {};
  return Object.keys(written).filter((key) => !Object.hasOwn(read, key));
}
