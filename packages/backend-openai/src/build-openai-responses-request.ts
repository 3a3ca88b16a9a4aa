import { mergeExtraBody } from '@massgen/backend-utils';
import type { BackendRequest, Warning } from '@massgen/core';
import type { ResponseCreateParamsStreaming } from 'openai/resources/responses/responses';
import { convertToOpenAIResponsesInput } from './convert-to-openai-responses-input.js';
import { openAIModelFamily } from './openai-model-family.js';
import type { OpenAIOptions } from './openai-options.js';
import { responsesProviderTools } from './openai-provider-tools.js';
import { prepareResponsesTools } from './openai-responses-prepare-tools.js';

/** Fields the backend owns: letting extra fields replace them would break the stream it parses. */
const ownedFields = new Set(['model', 'input', 'stream', 'tools']);

export interface ResponsesRequest {
  body: ResponseCreateParamsStreaming & Record<string, unknown>;
  warnings: Warning[];
}

/** The configured effort reaches the request through the settings, where the agent's own effort wins. */
function withoutEffort(reasoning: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(reasoning).filter(([key]) => key !== 'effort'));
}

/**
 * Builds the streaming Responses API body from a request whose settings were already fitted to
 * the model (see `prepare-openai-settings.ts`): settings under their Responses names, reasoning
 * and text options, storage, then the configured `extra_body` and the request's
 * `providerOptions`, each free to override the one before it except for the fields the backend owns.
 */
export function buildOpenAIResponsesRequest(
  request: BackendRequest,
  model: string,
  options: OpenAIOptions,
): ResponsesRequest {
  const settings = request.settings ?? {};
  const family = openAIModelFamily(model);
  const warnings: Warning[] = [];
  const body: Record<string, unknown> = {};
  if (settings.temperature !== undefined) body['temperature'] = settings.temperature;
  if (settings.topP !== undefined) body['top_p'] = settings.topP;
  if (settings.maxOutputTokens !== undefined) body['max_output_tokens'] = settings.maxOutputTokens;

  const reasoning = {
    ...withoutEffort(options.reasoning),
    ...(settings.reasoningEffort === undefined ? {} : { effort: settings.reasoningEffort }),
  };
  if (Object.keys(reasoning).length > 0) {
    if (family === 'classic') {
      warnings.push({
        code: 'unsupported-setting',
        message: `backend.reasoning was left out: ${model} does not reason.`,
        path: 'backend.reasoning',
      });
    } else {
      body['reasoning'] = reasoning;
    }
  }
  if (Object.keys(options.text).length > 0) body['text'] = options.text;
  body['store'] = options.store;
  const providerTools = responsesProviderTools(options.providerTools);
  // Without storage, encrypted reasoning is the only way to give a reasoning model its thinking back.
  const include = [
    ...(!options.store && family === 'reasoning' ? ['reasoning.encrypted_content'] : []),
    ...providerTools.include,
  ];
  if (include.length > 0) body['include'] = include;
  const functionTools = prepareResponsesTools(request.tools, request.toolChoice, options.parallelToolCalls);
  Object.assign(body, functionTools);
  if (providerTools.tools.length > 0) body['tools'] = [...(functionTools.tools ?? []), ...providerTools.tools];

  mergeExtraBody(
    body,
    { extraBody: options.extraBody, providerOptions: request.providerOptions },
    ownedFields,
    warnings,
  );

  return {
    body: {
      ...body,
      model,
      input: convertToOpenAIResponsesInput(request.messages, {
        systemRole: family === 'reasoning' ? 'developer' : 'system',
      }),
      stream: true,
    },
    warnings,
  };
}
