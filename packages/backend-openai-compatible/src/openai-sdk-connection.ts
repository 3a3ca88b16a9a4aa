import {
  failedCallContext,
  keyRequest,
  lazy,
  resolveApiKey,
  type CallProgress,
  type CommonOptions,
  type FailedCall,
} from '@massgen/backend-utils';
import type { BackendSettings, MassGenError } from '@massgen/core';
import type OpenAI from 'openai';
import type { ClientOptions } from 'openai';
import { loadOpenAISdk, type OpenAISdk } from './load-openai-sdk.js';
import { nodeHttpFetch } from './node-http-fetch.js';
import type { OpenAICompatibleEndpoint } from './openai-compatible-endpoint.js';
import type { ErrorContext } from './openai-compatible-error.js';

/** A backend's SDK, its client, and the key the client sends (to redact it from errors). */
export interface OpenAISdkConnection {
  sdk: OpenAISdk;
  client: OpenAI;
  apiKey: string;
}

export interface OpenAISdkConnectionOptions {
  settings: BackendSettings;
  endpoint: OpenAICompatibleEndpoint;
  /**
   * The backend's parsed options: `apiKey` (`backend.api_key`) if configured, and `organization`,
   * sent as `OpenAI-Organization` when set and never read from the environment.
   */
  options: Pick<CommonOptions, 'apiKey' | 'timeoutMs' | 'headers'> & { organization?: string | undefined };
  /** Builds another client class from the options (Azure OpenAI's). */
  createClient?: ((sdk: OpenAISdk, options: ClientOptions) => OpenAI) | undefined;
}

/**
 * The connection of one backend, made at its first call and shared by the later ones: the key is
 * read and the SDK loaded only then. A failure (a missing key, which may be set before the next
 * call) is not remembered.
 */
export function lazyOpenAISdkConnection(options: OpenAISdkConnectionOptions): () => Promise<OpenAISdkConnection> {
  return lazy(() => connect(options));
}

/**
 * The error context of a failed call over `connected`, which is absent when the call failed before
 * it connected: the key it sent is kept out of messages and the SDK's error classes recognised.
 */
export function failedSdkCallContext(
  settings: Pick<BackendSettings, 'type' | 'agentId'>,
  connected: OpenAISdkConnection | undefined,
  call: Omit<FailedCall, 'apiKey'>,
): ErrorContext {
  return { ...failedCallContext(settings, { ...call, apiKey: connected?.apiKey }), errorClasses: connected?.sdk };
}

/**
 * The `failure` of a `streamCall` on the `openai` SDK: the call's context, with the key and the
 * SDK's error classes once connected, mapped by the backend's `mapError`.
 */
export function sdkCallFailure(
  settings: Pick<BackendSettings, 'type' | 'agentId'>,
  providerName: string,
  timeoutMs: number,
  mapError: (error: unknown, context: ErrorContext) => MassGenError,
): (error: unknown, progress: CallProgress<OpenAISdkConnection>) => MassGenError {
  return (error, { phase, connection, signal }) =>
    mapError(error, failedSdkCallContext(settings, connection, { providerName, phase, signal, timeoutMs }));
}

async function connect({
  settings,
  endpoint,
  options,
  createClient,
}: OpenAISdkConnectionOptions): Promise<OpenAISdkConnection> {
  const apiKey = resolveApiKey({
    ...keyRequest(settings, options.apiKey, endpoint.baseUrl),
    variables: endpoint.apiKeyEnvironmentVariable === undefined ? [] : [endpoint.apiKeyEnvironmentVariable],
    providerName: endpoint.providerName,
    optional: !endpoint.requiresApiKey,
  });
  const sdk = await loadOpenAISdk();
  const clientOptions: ClientOptions = {
    apiKey,
    baseURL: endpoint.baseUrl,
    timeout: options.timeoutMs,
    // Retries happen in one place, the MassGen runtime, which knows about budgets and other agents.
    maxRetries: 0,
    defaultHeaders: options.headers,
    // Only what the configuration says: the SDK would otherwise read these from the environment
    // and send them to any host.
    organization: options.organization ?? null,
    project: null,
    logLevel: 'off',
    fetch: nodeHttpFetch,
  };
  const client = createClient?.(sdk, clientOptions) ?? new sdk.OpenAI(clientOptions);
  return { sdk, client, apiKey };
}
