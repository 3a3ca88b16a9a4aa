import { mergeExtraBody } from '@massgen/backend-utils';
import type { BackendRequest, Warning } from '@massgen/core';
import type { Content, GenerateContentConfig } from '@google/genai';
import { convertToGeminiMessages } from './convert-to-gemini-messages.js';
import { requiresThoughtSignatures } from './gemini-model-family.js';
import type { GeminiOptions } from './gemini-options.js';
import { prepareGeminiTools } from './gemini-prepare-tools.js';
import { chooseThinkingConfig } from './gemini-thinking-config.js';

/**
 * Body fields the backend owns: an extra field replacing them would drop the conversation or
 * the workflow tools the coordination depends on.
 */
const ownedFields = new Set(['contents', 'tools']);

export interface GeminiRequest {
  contents: Content[];
  /** Everything but the per-call `abortSignal` and `httpOptions`. */
  config: GenerateContentConfig;
  /** Merged into the JSON body by the SDK (`httpOptions.extraBody`), for fields it has no name for. */
  extraBody: Record<string, unknown>;
  warnings: Warning[];
}

/**
 * Builds one `generateContentStream` call: the conversation, the settings under Gemini's names,
 * the tools, the thinking settings, and the configured `extra_body` then the request's
 * `providerOptions` as extra body fields, each free to override the one before it.
 */
export function buildGeminiRequest(request: BackendRequest, modelId: string, options: GeminiOptions): GeminiRequest {
  const settings = request.settings ?? {};
  const warnings: Warning[] = [];
  const { systemInstruction, contents } = convertToGeminiMessages(request.messages, {
    fillMissingSignatures: requiresThoughtSignatures(modelId),
  });
  const config: GenerateContentConfig = {};
  if (systemInstruction !== undefined) config.systemInstruction = systemInstruction;
  if (settings.temperature !== undefined) config.temperature = settings.temperature;
  if (settings.topP !== undefined) config.topP = settings.topP;
  if (options.topK !== undefined) config.topK = options.topK;
  if (settings.maxOutputTokens !== undefined) config.maxOutputTokens = settings.maxOutputTokens;
  if (settings.seed !== undefined) config.seed = settings.seed;
  const stopSequences = settings.stopSequences ?? options.stopSequences;
  if (stopSequences !== undefined && stopSequences.length > 0) config.stopSequences = stopSequences;
  if (options.presencePenalty !== undefined) config.presencePenalty = options.presencePenalty;
  if (options.frequencyPenalty !== undefined) config.frequencyPenalty = options.frequencyPenalty;
  const thinking = chooseThinkingConfig(modelId, settings.reasoningEffort, options);
  if (thinking.thinkingConfig !== undefined) config.thinkingConfig = thinking.thinkingConfig;
  if (thinking.warning !== undefined) warnings.push(thinking.warning);
  const { warnings: toolWarnings, ...tools } = prepareGeminiTools(
    request.tools,
    request.toolChoice,
    modelId,
    options.builtInTools,
  );
  warnings.push(...toolWarnings);
  Object.assign(config, tools);

  const extraBody: Record<string, unknown> = {};
  mergeExtraBody(
    extraBody,
    { extraBody: options.extraBody, providerOptions: request.providerOptions },
    ownedFields,
    warnings,
  );
  return { contents, config, extraBody, warnings };
}
