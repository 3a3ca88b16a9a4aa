import { mergeExtraBody } from '@massgen/backend-utils';
import type { BackendRequest, Warning } from '@massgen/core';
import type { OpenAICompatibleOptions } from './openai-compatible-options.js';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import { convertToOpenAIMessages } from './convert-to-openai-messages.js';
import { prepareTools } from './prepare-tools.js';

/** Fields the backend owns: letting extra fields replace them would break the stream it parses. */
const ownedFields = new Set(['model', 'messages', 'stream', 'tools']);

export interface ChatRequest {
  body: ChatCompletionCreateParamsStreaming & Record<string, unknown>;
  warnings: Warning[];
}

/**
 * Builds the streaming request body: settings under their Chat Completions names, then the
 * configured `extra_body`, then the request's `providerOptions`, each free to override the one
 * before it except for the fields the backend owns.
 */
export function buildChatRequest(
  request: BackendRequest,
  model: string,
  options: Pick<OpenAICompatibleOptions, 'extraBody' | 'parallelToolCalls' | 'serverFields'>,
): ChatRequest {
  const settings = request.settings ?? {};
  const warnings: Warning[] = [];
  const body: Record<string, unknown> = {};
  if (settings.temperature !== undefined) body['temperature'] = settings.temperature;
  if (settings.topP !== undefined) body['top_p'] = settings.topP;
  if (settings.maxOutputTokens !== undefined) body['max_tokens'] = settings.maxOutputTokens;
  if (settings.reasoningEffort !== undefined) body['reasoning_effort'] = settings.reasoningEffort;
  if (settings.seed !== undefined) body['seed'] = settings.seed;
  if (settings.stopSequences !== undefined && settings.stopSequences.length > 0) body['stop'] = settings.stopSequences;
  Object.assign(body, options.serverFields);
  Object.assign(body, prepareTools(request.tools, request.toolChoice, options.parallelToolCalls));

  mergeExtraBody(
    body,
    { extraBody: options.extraBody, providerOptions: request.providerOptions },
    ownedFields,
    warnings,
  );

  const streamOptions =
    typeof body['stream_options'] === 'object' && body['stream_options'] !== null ? body['stream_options'] : {};
  return {
    body: {
      ...body,
      model,
      messages: convertToOpenAIMessages(request.messages),
      stream: true,
      // Without it most servers send no usage at all in a stream.
      stream_options: { ...streamOptions, include_usage: true },
    },
    warnings,
  };
}
