import {
  commonOptionFields,
  flagOption,
  positiveWholeNumberOption,
  readBackendOptions,
  readCommonOptions,
  type CommonOptions,
} from '@massgen/backend-utils';
import type { BackendSettings } from '@massgen/core';
import { z } from 'zod';

/** The smallest thinking budget the Messages API accepts. */
export const minimumThinkingBudget = 1024;

export const defaultTimeoutSeconds = 600;

export const anthropicBaseUrl = 'https://api.anthropic.com';

const thinkingBudget = z
  .number({ error: `expected a whole number of tokens, at least ${minimumThinkingBudget}` })
  .int({ error: `expected a whole number of tokens, at least ${minimumThinkingBudget}` })
  .min(minimumThinkingBudget, {
    error: `expected at least ${minimumThinkingBudget} tokens, the smallest budget Claude accepts`,
  });

const thinkingDisplay = z.enum(['summarized', 'omitted'], { error: 'expected summarized or omitted' }).optional();

const thinkingSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('enabled'), budget_tokens: thinkingBudget, display: thinkingDisplay }),
    z.object({ type: z.literal('adaptive'), display: thinkingDisplay }),
    z.object({ type: z.literal('disabled') }),
  ],
  { error: 'expected {type: enabled, budget_tokens: N}, {type: adaptive} or {type: disabled}' },
);

/**
 * The keys of a `backend` block this backend reads. Other keys pass validation (so that
 * `massgen --validate` accepts a block written for another backend) and are reported as warnings.
 */
export const optionsSchema = z.object({
  ...commonOptionFields({ baseUrl: anthropicBaseUrl, defaultTimeoutSeconds }),
  thinking: thinkingSchema
    .describe(
      'Extended thinking: {type: enabled, budget_tokens: N}, {type: adaptive} or {type: disabled}; `display` (summarized or omitted) chooses how the thinking comes back.',
    )
    .optional(),
  /** The upstream MassGen (Claude Code) name for a thinking budget. */
  max_thinking_tokens: thinkingBudget
    .describe(
      "Upstream's (Claude Code) name for a thinking budget: the same as `thinking: {type: enabled, budget_tokens: N}`.",
    )
    .optional(),
  top_k: positiveWholeNumberOption.describe('Sample only from the K most likely tokens.').optional(),
  betas: z
    .array(z.string({ error: 'expected beta names as strings' }), {
      error: 'expected a list of beta names, such as [interleaved-thinking-2025-05-14]',
    })
    .describe('Anthropic beta features to turn on (sent as the anthropic-beta header).')
    .optional(),
  enable_web_search: flagOption("Let Claude search the web with Anthropic's own web_search server tool."),
  enable_code_execution: flagOption(
    "Let Claude run Python in Anthropic's code execution sandbox (the code_execution server tool).",
  ),
});

/** The beta the code execution server tool needs. */
export const codeExecutionBeta = 'code-execution-2025-05-22';

export type ThinkingOption = z.infer<typeof thinkingSchema>;

export interface ClaudeOptions extends CommonOptions {
  /** Without a trailing slash; Anthropic's own API when none was configured. */
  baseUrl: string;
  thinking?: ThinkingOption;
  maxThinkingTokens?: number;
  topK?: number;
  betas: string[];
  /** Anthropic's server tools the configuration turns on. */
  serverTools: { webSearch: boolean; codeExecution: boolean };
}

/**
 * Validates `settings.options`. Invalid values are a configuration error naming the key; keys this
 * backend does not know are a warning each, because a typo should be visible but not fatal.
 */
export function parseClaudeOptions(settings: BackendSettings): ClaudeOptions {
  const options = readBackendOptions(
    optionsSchema,
    settings,
    'it is ignored; put request fields the Messages API understands under extra_body',
  );
  return {
    ...readCommonOptions(options, defaultTimeoutSeconds),
    baseUrl: normaliseBaseUrl(options.base_url ?? anthropicBaseUrl, settings),
    ...(options.thinking === undefined ? {} : { thinking: options.thinking }),
    ...(options.max_thinking_tokens === undefined ? {} : { maxThinkingTokens: options.max_thinking_tokens }),
    ...(options.top_k === undefined ? {} : { topK: options.top_k }),
    betas: [
      ...(options.betas ?? []),
      ...(options.enable_code_execution === true && !(options.betas ?? []).includes(codeExecutionBeta)
        ? [codeExecutionBeta]
        : []),
    ],
    serverTools: {
      webSearch: options.enable_web_search === true,
      codeExecution: options.enable_code_execution === true,
    },
  };
}

/**
 * The SDK appends `/v1/messages` itself, so a URL copied from an OpenAI-style setup (ending in
 * `/v1`) would request `/v1/v1/messages`; the suffix is dropped, with a warning.
 */
function normaliseBaseUrl(url: string, settings: BackendSettings): string {
  const trimmed = url.replace(/\/+$/, '');
  if (!/\/v1$/.test(trimmed)) return trimmed;
  settings.warn({
    code: 'base-url-version',
    message: 'backend.base_url ends in /v1, which the Anthropic SDK adds itself; it was removed.',
    path: 'backend.base_url',
    agentId: settings.agentId,
  });
  return trimmed.slice(0, -'/v1'.length);
}
