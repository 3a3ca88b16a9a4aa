import { requireModel } from '@massgen/backend-utils';
import type { Backend, BackendCallOptions, BackendRequest, BackendSettings, StreamPart, Warning } from '@massgen/core';
import { createOpenAIChatBackend } from './openai-chat-backend.js';
import { createOpenAIMediaGeneration } from './openai-media-generation.js';
import { parseOpenAIOptions } from './openai-options.js';
import { createOpenAIResponsesBackend } from './openai-responses-backend.js';
import { chooseOpenAIApi, prepareOpenAISettings } from './prepare-openai-settings.js';

/**
 * A backend for OpenAI (`backend.type: openai`): the Responses API by default, Chat Completions
 * when configured (`api: chat`) or when the model or settings need it. Settings the model refuses
 * are left out with a warning, given once per backend rather than on every call. Its images and
 * speech endpoints make pictures and read text aloud with the configured model.
 */
export function createOpenAIBackend(settings: BackendSettings): Backend {
  const options = parseOpenAIOptions(settings);
  const modelId = requireModel(settings, 'expected the OpenAI model to call, such as gpt-5 or gpt-4.1');
  const responses = createOpenAIResponsesBackend(settings, options, modelId);
  const chat = createOpenAIChatBackend(settings, options);
  const configuredEffort = typeof options.reasoning['effort'] === 'string' ? options.reasoning['effort'] : undefined;
  const warned = new Set<string>();

  function firstTime(warning: Warning): boolean {
    const key = `${warning.code}\u0000${warning.path ?? warning.message}`;
    if (warned.has(key)) return false;
    warned.add(key);
    return true;
  }

  async function* stream(request: BackendRequest, callOptions?: BackendCallOptions): AsyncGenerator<StreamPart> {
    const requested = request.settings ?? {};
    const choice = chooseOpenAIApi(options.api, modelId, requested);
    const prepared = prepareOpenAISettings(requested, { model: modelId, api: choice.api, configuredEffort });
    const notes = [...(choice.warning === undefined ? [] : [choice.warning]), ...prepared.warnings];
    if (choice.api === 'chat' && options.reasoning['summary'] !== undefined) {
      notes.push({
        code: 'unsupported-setting',
        message: 'backend.reasoning.summary was left out: reasoning summaries need the Responses API.',
        path: 'backend.reasoning.summary',
      });
    }
    const { webSearch, codeInterpreter } = options.providerTools;
    if (choice.api === 'chat' && (webSearch || codeInterpreter)) {
      const keys = [
        webSearch ? 'enable_web_search' : undefined,
        codeInterpreter ? 'enable_code_interpreter' : undefined,
      ]
        .filter((key) => key !== undefined)
        .map((key) => `backend.${key}`);
      notes.push({
        code: 'unsupported-setting',
        message: `${keys.join(' and ')} ${keys.length > 1 ? 'were' : 'was'} left out: OpenAI's own tools need the Responses API, and this agent uses Chat Completions.`,
        path: keys[0] ?? 'backend',
      });
    }
    for (const warning of notes) {
      if (firstTime(warning)) yield { type: 'warning', warning: { ...warning, agentId: settings.agentId } };
    }
    const target = choice.api === 'chat' ? chat : responses;
    for await (const part of target.stream({ ...request, settings: prepared.settings }, callOptions)) {
      if (part.type === 'warning' && !firstTime(part.warning)) continue;
      yield part;
    }
  }

  return {
    specificationVersion: 'v1',
    provider: settings.type,
    modelId,
    stream,
    ...createOpenAIMediaGeneration(settings, options, modelId),
  };
}
