import { requireModel, streamCall } from '@massgen/backend-utils';
import type { PreparedCall } from '@massgen/backend-utils';
import type { Backend, BackendSettings, StreamPart } from '@massgen/core';
import { buildChatRequest, type ChatRequest } from './build-chat-request.js';
import { chatCompletionsMediaSupport } from './chat-media-support.js';
import { withSdkStreamTimeout } from './idle-timeout.js';
import { mapChatStream } from './openai-chat-stream.js';
import { chatCompletionDefinition, resolveEndpoint } from './openai-compatible-endpoint.js';
import type { OpenAICompatibleBackendDefinition, OpenAICompatibleEndpoint } from './openai-compatible-endpoint.js';
import { mapOpenAICompatibleError } from './openai-compatible-error.js';
import { parseOpenAICompatibleOptions, type OpenAICompatibleOptions } from './openai-compatible-options.js';
import { lazyOpenAISdkConnection, sdkCallFailure, type OpenAISdkConnection } from './openai-sdk-connection.js';
import { readChatCompletionChunks } from './read-chat-completion-chunks.js';

/**
 * A backend for any Chat Completions server. Options are validated here, at creation; the key
 * and the SDK are only looked at on the first call.
 */
export function createOpenAICompatibleBackend(
  settings: BackendSettings,
  definition: OpenAICompatibleBackendDefinition = chatCompletionDefinition,
): Backend {
  const options = parseOpenAICompatibleOptions(settings, definition);
  const endpoint = resolveEndpoint(definition, options);
  const modelId = requireModel(
    settings,
    `expected the model name to request from ${endpoint.providerName}`,
    settings.model !== '' ? settings.model : (definition.defaultModel ?? ''),
  );
  const mediaSupport = chatCompletionsMediaSupport(endpoint.providerName, definition.mediaTypes);
  const extraBody = withWebSearch(options, endpoint, definition, settings);
  const connection = lazyOpenAISdkConnection({ settings, endpoint, options, createClient: definition.createClient });

  async function* respond({
    body,
    connection: connected,
    signal,
    streaming,
  }: PreparedCall<OpenAISdkConnection, ChatRequest['body']>): AsyncGenerator<StreamPart> {
    // The SDK sends the request and turns an error status into its error classes; the body's
    // events are read here (see `readChatCompletionChunks`). This controller ends the request for
    // the caller's cancel, a stalled stream, or a reader that stops early.
    const requestController = new AbortController();
    const abortRequest = (): void => requestController.abort(signal?.reason);
    signal?.addEventListener('abort', abortRequest, { once: true });
    try {
      const response = await connected.client.chat.completions
        .create(body, { signal: requestController.signal })
        .asResponse();
      streaming();
      const chunks = readChatCompletionChunks(response, connected.sdk, requestController, options.timeoutMs);
      const guarded = withSdkStreamTimeout(chunks, options.timeoutMs, endpoint.providerName);
      yield* mapChatStream(guarded, { providerName: endpoint.providerName, signal });
    } finally {
      signal?.removeEventListener('abort', abortRequest);
    }
  }

  const stream = streamCall(settings, modelId, {
    mediaSupport,
    connect: connection,
    build: (prepared) => buildChatRequest(prepared, modelId, { ...options, extraBody }),
    respond,
    failure: sdkCallFailure(settings, endpoint.providerName, options.timeoutMs, mapOpenAICompatibleError),
  });

  return { specificationVersion: 'v1', provider: settings.type, modelId, stream };
}

/**
 * The request fields `enable_web_search` adds: the server's own search fields (xAI's
 * `search_parameters`), each with the configured `extra_body` field of its name merged over it,
 * or OpenRouter's web plugin, under whatever the configured `extra_body` says (its own `plugins`
 * win). Other providers have no such search: the setting is then ignored, with a warning.
 */
function withWebSearch(
  options: OpenAICompatibleOptions,
  endpoint: OpenAICompatibleEndpoint,
  definition: OpenAICompatibleBackendDefinition,
  settings: BackendSettings,
): Record<string, unknown> {
  if (!options.webSearch) return options.extraBody;
  if (definition.webSearchFields !== undefined) {
    const fields: Record<string, unknown> = {};
    for (const [name, defaults] of Object.entries(definition.webSearchFields)) {
      const configured = options.extraBody[name];
      fields[name] =
        typeof configured === 'object' && configured !== null && !Array.isArray(configured)
          ? { ...defaults, ...configured }
          : defaults;
    }
    return { ...options.extraBody, ...fields };
  }
  if (endpoint.preset === 'openrouter') return { plugins: [{ id: 'web' }], ...options.extraBody };
  settings.warn({
    code: 'unsupported-feature',
    message: `backend.enable_web_search works with OpenRouter and xAI only; ${endpoint.providerName} has no web search of its own, so it is ignored.`,
    path: 'backend.enable_web_search',
    agentId: settings.agentId,
  });
  return options.extraBody;
}
