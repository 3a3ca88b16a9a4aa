import { sdkCallFailure, withSdkStreamTimeout } from '@massgen/backend-openai-compatible';
import type { OpenAISdkConnection } from '@massgen/backend-openai-compatible';
import { streamCall } from '@massgen/backend-utils';
import type { MediaSupport, PreparedCall } from '@massgen/backend-utils';
import type { Backend, BackendSettings, StreamPart } from '@massgen/core';
import { buildOpenAIResponsesRequest, type ResponsesRequest } from './build-openai-responses-request.js';
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

  async function* respond({
    body,
    connection: connected,
    signal,
    streaming,
  }: PreparedCall<OpenAISdkConnection, ResponsesRequest['body']>): AsyncGenerator<StreamPart> {
    const events = await connected.client.responses.create(body, signal === undefined ? {} : { signal });
    streaming();
    const guarded = withSdkStreamTimeout(events, options.timeoutMs, endpoint.providerName);
    yield* mapResponsesStream(guarded, { providerName: endpoint.providerName, signal, knownContainers });
  }

  const stream = streamCall(settings, modelId, {
    mediaSupport: responsesMediaSupport,
    connect: connection,
    build: (prepared) => buildOpenAIResponsesRequest(prepared, modelId, options),
    respond,
    failure: sdkCallFailure(settings, endpoint.providerName, options.timeoutMs, mapOpenAIResponsesError),
  });

  return { specificationVersion: 'v1', provider: settings.type, modelId, stream };
}
