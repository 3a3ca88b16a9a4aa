import { loadOpenAISdk, nodeHttpFetch, resolveApiKey, withSdkStreamTimeout, type OpenAISdk } from '@massgen/backend-openai-compatible';
import { type Backend, type BackendCallOptions, type BackendRequest, type BackendSettings, type StreamPart } from '@massgen/core';
import type OpenAI from 'openai';
import { buildOpenAIResponsesRequest } from './build-openai-responses-request.js';
import { resolveOpenAIEndpoint } from './openai-endpoint.js';
import type { OpenAIOptions } from './openai-options.js';
import { mapOpenAIResponsesError } from './openai-responses-error.js';
import { mapResponsesStream } from './openai-responses-stream.js';

interface Connection {
  sdk: OpenAISdk;
  client: OpenAI;
  apiKey: string;
}

/**
 * OpenAI through the Responses API, streaming. The key and the SDK are only looked at on the
 * first call; settings are expected already fitted to the model (the `openai` backend does it).
 */
export function createOpenAIResponsesBackend(settings: BackendSettings, options: OpenAIOptions, modelId: string): Backend {
  const endpoint = resolveOpenAIEndpoint(options);
  let connecting: Promise<Connection> | undefined;

  async function connect(): Promise<Connection> {
    const apiKey = resolveApiKey({
      endpoint,
      configuredKey: options.apiKey,
      env: settings.env,
      warn: settings.warn,
      agentId: settings.agentId,
      provider: settings.type,
    });
    const sdk = await loadOpenAISdk();
    const client = new sdk.OpenAI({
      apiKey,
      baseURL: endpoint.baseUrl,
      timeout: options.timeoutMs,
      // Retries happen in one place, the MassGen runtime, which knows about budgets and other agents.
      maxRetries: 0,
      defaultHeaders: options.headers,
      // Only what the configuration says: the SDK would otherwise read these from the environment.
      organization: options.organization ?? null,
      project: null,
      logLevel: 'off',
      fetch: nodeHttpFetch,
    });
    return { sdk, client, apiKey };
  }

  async function* stream(request: BackendRequest, callOptions: BackendCallOptions = {}): AsyncGenerator<StreamPart> {
    const { signal } = callOptions;
    let connection: Connection | undefined;
    let phase: 'request' | 'stream' = 'request';
    try {
      connecting ??= connect();
      connection = await connecting.catch((error: unknown) => {
        // A missing key may be set before the next call; do not remember the failure.
        connecting = undefined;
        throw error;
      });
      const { body, warnings } = buildOpenAIResponsesRequest(request, modelId, options);
      for (const warning of warnings) yield { type: 'warning', warning: { ...warning, agentId: settings.agentId } };
      if (signal?.aborted) throw signal.reason;
      const events = await connection.client.responses.create(body, signal === undefined ? {} : { signal });
      phase = 'stream';
      const guarded = withSdkStreamTimeout(events, options.timeoutMs, endpoint.providerName);
      yield* mapResponsesStream(guarded, { providerName: endpoint.providerName, signal });
    } catch (error) {
      const mapped = mapOpenAIResponsesError(error, {
        provider: settings.type,
        providerName: endpoint.providerName,
        agentId: settings.agentId,
        errorClasses: connection?.sdk,
        phase,
        aborted: signal?.aborted === true,
        timeoutMs: options.timeoutMs,
        secrets: connection === undefined ? [] : [connection.apiKey],
      });
      yield { type: 'error', error: mapped.toJSON() };
    }
  }

  return { specificationVersion: 'v1', provider: settings.type, modelId, stream };
}
