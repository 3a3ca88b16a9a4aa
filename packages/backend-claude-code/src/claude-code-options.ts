import {
  commonOptionFields,
  flagOption,
  positiveWholeNumberOption,
  readBackendOptions,
  readTimeoutMs,
} from '@massgen/backend-utils';
import type { BackendSettings } from '@massgen/core';
import { z } from 'zod';

export const defaultTimeoutSeconds = 600;

/** Claude Code's permission modes that make sense without a person at the keyboard. */
export const permissionModes = ['default', 'acceptEdits', 'bypassPermissions', 'plan', 'dontAsk'] as const;
export type PermissionModeOption = (typeof permissionModes)[number];

const toolNames = z.array(z.string({ error: 'expected tool names as strings, such as Read or Bash(npm test:*)' }), {
  error: 'expected a list of tool names, such as [Read, Write, "Bash(npm test:*)"]',
});
const text = (what: string) => z.string({ error: `expected ${what} as a string` });

const { api_key, base_url, timeout_seconds, request_timeout } = commonOptionFields({
  baseUrl: 'https://api.anthropic.com',
  defaultTimeoutSeconds,
});

/**
 * The keys of a `backend` block this backend reads. Other keys pass validation (so that
 * `massgen --validate` accepts a block written for another backend) and are reported as warnings.
 */
export const optionsSchema = z.object({
  api_key,
  base_url,
  timeout_seconds,
  request_timeout,
  permission_mode: z
    .enum(permissionModes, { error: `expected one of ${permissionModes.join(', ')}` })
    .describe(
      "Claude Code's permission mode for its tools (default acceptEdits); nobody is there to approve a request during a run.",
    )
    .optional(),
  allowed_tools: toolNames
    .describe('Claude Code tools the agent may use without asking, such as [Read, Write, "Bash(npm test:*)"].')
    .optional(),
  disallowed_tools: toolNames.describe('Claude Code tools the agent may never use.').optional(),
  system_prompt: text('the system prompt')
    .describe(
      "Replaces Claude Code's own system prompt; MassGen's instructions (system_message, the workspace, the tools) still follow it.",
    )
    .optional(),
  append_system_prompt: text('the text to append to the system prompt')
    .describe("Text added after Claude Code's system prompt.")
    .optional(),
  use_default_prompt: flagOption(
    "Whether to start from Claude Code's own system prompt (default true; ignored when system_prompt is set).",
  ),
  max_thinking_tokens: z
    .number({ error: 'expected a whole number of tokens (0 turns thinking off)' })
    .int({ error: 'expected a whole number of tokens (0 turns thinking off)' })
    .min(0, { error: 'expected a whole number of tokens (0 turns thinking off)' })
    .describe('Thinking budget in tokens; 0 turns thinking off.')
    .optional(),
  max_turns: positiveWholeNumberOption.describe('Most model turns Claude Code takes for one answer.').optional(),
  cli_path: text('the path of the Claude Code executable')
    .describe('Path of a Claude Code executable to run instead of the one the SDK brings.')
    .optional(),
  env: z
    .record(z.string(), z.string({ error: 'expected the value as a string' }), {
      error: 'expected a map of environment variable names to values',
    })
    .describe('Extra environment variables for the Claude Code process.')
    .optional(),
});

export interface ClaudeCodeOptions {
  apiKey?: string;
  /** Without a trailing slash; absent for Anthropic's own API. */
  baseUrl?: string;
  timeoutMs: number;
  permissionMode: PermissionModeOption;
  allowedTools: string[];
  disallowedTools: string[];
  systemPrompt?: string;
  appendSystemPrompt?: string;
  /** Claude Code's own system prompt comes first unless `system_prompt` replaces it or this is false. */
  useDefaultPrompt: boolean;
  maxThinkingTokens?: number;
  maxTurns?: number;
  cliPath?: string;
  /** Extra variables for the Claude Code process, as configured. */
  env: Record<string, string>;
}

/**
 * Validates `settings.options`. Invalid values are a configuration error naming the key; keys this
 * backend does not know are a warning each, because a typo should be visible but not fatal.
 */
export function parseClaudeCodeOptions(settings: BackendSettings): ClaudeCodeOptions {
  const options = readBackendOptions(optionsSchema, settings, 'it is ignored');
  return {
    ...(options.api_key === undefined ? {} : { apiKey: options.api_key }),
    ...(options.base_url === undefined ? {} : { baseUrl: options.base_url.replace(/\/+$/, '') }),
    timeoutMs: readTimeoutMs(options, defaultTimeoutSeconds),
    permissionMode: options.permission_mode ?? 'acceptEdits',
    allowedTools: options.allowed_tools ?? [],
    disallowedTools: options.disallowed_tools ?? [],
    ...(options.system_prompt === undefined ? {} : { systemPrompt: options.system_prompt }),
    ...(options.append_system_prompt === undefined ? {} : { appendSystemPrompt: options.append_system_prompt }),
    useDefaultPrompt: options.system_prompt === undefined && options.use_default_prompt !== false,
    ...(options.max_thinking_tokens === undefined ? {} : { maxThinkingTokens: options.max_thinking_tokens }),
    ...(options.max_turns === undefined ? {} : { maxTurns: options.max_turns }),
    ...(options.cli_path === undefined ? {} : { cliPath: options.cli_path }),
    env: options.env ?? {},
  };
}
