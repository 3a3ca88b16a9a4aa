import { failedSdkCallContext, withSdkStreamTimeout } from '@massgen/backend-openai-compatible';
import type { OpenAISdkConnection } from '@massgen/backend-openai-compatible';
import { prepareMediaMessages } from '@massgen/backend-utils';
import type { MediaSupport } from '@massgen/backend-utils';
import type { Backend, BackendCallOptions, BackendRequest, BackendSettings, StreamPart } from '@massgen/core';
import { buildOpenAIResponsesRequest } from './build-openai-responses-request.js';
import { openAIConnection } from './openai-endpoint.js';
import type { OpenAIOptions } from './openai-options.js';
import { mapOpenAIResponsesError } from './openai-responses-error.js';
import { mapResponsesStream } from './openai-responses-stream.js';

const responsesImageTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** Images and PDFs, also by URL; the Responses API has no audio input. */
const responsesMediaSupport: MediaSupport = {
  apiName: "OpenAI's Responses API",
  mediaTypes: [...responsesImageTypes, 'application/pdf'],
  urlMediaTypes: [...responsesImageTypes, 'application/pdf'],
};

/**
 * OpenAI through the Responses API, streaming. The key and the SDK are only looked at on the
 * first call; settings are expected already fitted to the model (the `openai` backend does it).
 */
export function createOpenAIResponsesBackend(
  settings: BackendSettings,
  options: OpenAIOptions,
  modelId: string,
): Backend {
  const { endpoint, connection } = openAIConnection(settings, options);
  const knownContainers = new Set<string>();

  async function* stream(request: BackendRequest, callOptions: BackendCallOptions = {}): AsyncGenerator<StreamPart> {
    const { signal } = callOptions;
    let connected: OpenAISdkConnection | undefined;
    let phase: 'request' | 'stream' = 'request';
    try {
      const caller = { agentId: settings.agentId, provider: settings.type, modelId };
      const messages = await prepareMediaMessages(request.messages, responsesMediaSupport, caller);
      connected = await connection();
      const { body, warnings } = buildOpenAIResponsesRequest({ ...request, messages }, modelId, options);
      for (const warning of warnings) yield { type: 'warning', warning: { ...warning, agentId: settings.agentId } };
      if (signal?.aborted) throw signal.reason;
      const events = await connected.client.responses.create(body, signal === undefined ? {} : { signal });
      phase = 'stream';
      const guarded = withSdkStreamTimeout(events, options.timeoutMs, endpoint.providerName);
      yield* mapResponsesStream(guarded, { providerName: endpoint.providerName, signal, knownContainers });
    } catch (error) {
      const call = { providerName: endpoint.providerName, phase, signal, timeoutMs: options.timeoutMs };
      const mapped = mapOpenAIResponsesError(error, failedSdkCallContext(settings, connected, call));
      yield { type: 'error', error: mapped.toJSON() };
    }
  }

  return { specificationVersion: 'v1', provider: settings.type, modelId, stream };
}
