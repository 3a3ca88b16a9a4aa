import { ConfigError, type Backend, type BackendCallOptions, type BackendRequest, type BackendSettings, type StreamPart } from '@massgen/core';
import type OpenAI from 'openai';
import type { ClientOptions } from 'openai';
import { resolveApiKey } from './api-key.js';
import { buildChatRequest } from './build-chat-request.js';
import { withSdkStreamTimeout } from './idle-timeout.js';
import { loadOpenAISdk, type OpenAISdk } from './load-openai-sdk.js';
import { nodeHttpFetch } from './node-http-fetch.js';
import { mapChatStream } from './openai-chat-stream.js';
import { chatCompletionDefinition, resolveEndpoint, type OpenAICompatibleBackendDefinition } from './openai-compatible-endpoint.js';
import { mapOpenAICompatibleError } from './openai-compatible-error.js';
import { parseOpenAICompatibleOptions } from './openai-compatible-options.js';
import { readChatCompletionChunks } from './read-chat-completion-chunks.js';

interface Connection {
  sdk: OpenAISdk;
  client: OpenAI;
  apiKey: string;
}

/**
 * A backend for any Chat Completions server. Options are validated here, at creation; the key
 * and the SDK are only looked at on the first call.
 */
export function createOpenAICompatibleBackend(settings: BackendSettings, definition: OpenAICompatibleBackendDefinition = chatCompletionDefinition): Backend {
  const options = parseOpenAICompatibleOptions(settings);
  const endpoint = resolveEndpoint(definition, options);
  const modelId = settings.model !== '' ? settings.model : (definition.defaultModel ?? '');
  if (modelId === '') {
    throw new ConfigError({
      issues: [{ path: 'backend.model', message: `expected the model name to request from ${endpoint.providerName} (agent ${settings.agentId})` }],
    });
  }
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
    const clientOptions: ClientOptions = {
      apiKey,
      baseURL: endpoint.baseUrl,
      timeout: options.timeoutMs,
      // Retries happen in one place, the MassGen runtime, which knows about budgets and other agents.
      maxRetries: 0,
      defaultHeaders: options.headers,
      // The SDK would otherwise pick these up from the environment and send them to any host.
      organization: null,
      project: null,
      logLevel: 'off',
      fetch: nodeHttpFetch,
    };
    const client = definition.createClient?.(sdk, clientOptions) ?? new sdk.OpenAI(clientOptions);
    return { sdk, client, apiKey };
  }

  async function* stream(request: BackendRequest, callOptions: BackendCallOptions = {}): AsyncGenerator<StreamPart> {
    const { signal } = callOptions;
    let connection: Connection | undefined;
    let phase: 'request' | 'stream' = 'request';
    const requestController = new AbortController();
    const abortRequest = (): void => requestController.abort(signal?.reason);
    try {
      connecting ??= connect();
      connection = await connecting.catch((error: unknown) => {
        // A missing key may be set before the next call; do not remember the failure.
        connecting = undefined;
        throw error;
      });
      const { body, warnings } = buildChatRequest(request, modelId, options.extraBody);
      for (const warning of warnings) yield { type: 'warning', warning: { ...warning, agentId: settings.agentId } };
      if (signal?.aborted) throw signal.reason;
      // The SDK sends the request and turns an error status into its error classes; the body's
      // events are read here (see `decodeServerSentEvents`). This controller ends the request for
      // the caller's cancel, a stalled stream, or a reader that stops early.
      signal?.addEventListener('abort', abortRequest, { once: true });
      const response = await connection.client.chat.completions.create(body, { signal: requestController.signal }).asResponse();
      phase = 'stream';
      const chunks = readChatCompletionChunks(response, connection.sdk, requestController, options.timeoutMs);
      const guarded = withSdkStreamTimeout(chunks, options.timeoutMs, endpoint.providerName);
      yield* mapChatStream(guarded, { providerName: endpoint.providerName, signal });
    } catch (error) {
      const mapped = mapOpenAICompatibleError(error, {
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
    } finally {
      signal?.removeEventListener('abort', abortRequest);
    }
  }

  return { specificationVersion: 'v1', provider: settings.type, modelId, stream };
}
