import { createOpenAICompatibleBackend } from '@massgen/backend-openai-compatible';
import type { Backend, BackendSettings } from '@massgen/core';
import { openAIDefinition } from './openai-endpoint.js';
import type { OpenAIOptions } from './openai-options.js';

/**
 * OpenAI through Chat Completions: the Chat Completions backend with OpenAI's URL and key
 * variable. The organization travels as its header, and `text.verbosity` as Chat Completions'
 * top-level `verbosity`.
 */
export function createOpenAIChatBackend(settings: BackendSettings, options: OpenAIOptions): Backend {
  const verbosity = options.text['verbosity'];
  const chatOptions: Record<string, unknown> = {
    ...(options.apiKey === undefined ? {} : { api_key: options.apiKey }),
    ...(options.baseUrl === undefined ? {} : { base_url: options.baseUrl }),
    timeout_seconds: options.timeoutMs / 1000,
    headers: {
      ...options.headers,
      ...(options.organization === undefined ? {} : { 'OpenAI-Organization': options.organization }),
    },
    extra_body: { ...(verbosity === undefined ? {} : { verbosity }), ...options.extraBody },
    ...(options.parallelToolCalls === undefined ? {} : { parallel_tool_calls: options.parallelToolCalls }),
  };
  // The runtime's parse was of the openai block; the Chat Completions backend must read these options instead.
  const chatSettings: BackendSettings = { ...settings, options: chatOptions };
  delete chatSettings.parsedOptions;
  return createOpenAICompatibleBackend(chatSettings, openAIDefinition);
}
