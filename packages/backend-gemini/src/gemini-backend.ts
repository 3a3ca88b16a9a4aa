import {
  createWarningFilter,
  failedCallContext,
  keyRequest,
  lazy,
  midResponseSilence,
  prepareMediaMessages,
  requireModel,
  SilenceTimer,
  withSilenceTimeout,
} from '@massgen/backend-utils';
import { randomUUID } from 'node:crypto';
import { ConfigError, MassGenError } from '@massgen/core';
import type { Backend, BackendCallOptions, BackendRequest, BackendSettings, StreamPart } from '@massgen/core';
import type { GoogleGenAI } from '@google/genai';
import { buildGeminiRequest } from './build-gemini-request.js';
import { geminiMediaSupport } from './gemini-media-support.js';
import { resolveGeminiApiKey } from './gemini-api-key.js';
import { mapGeminiError } from './gemini-error.js';
import { defaultBaseUrl, parseGeminiOptions } from './gemini-options.js';
import { mapGeminiStream } from './gemini-stream.js';
import { loadGeminiSdk } from './load-gemini-sdk.js';

const providerName = 'Gemini';

interface Connection {
  client: GoogleGenAI;
  apiKey: string;
}

function createCallId(): string {
  return `call_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
}

/** The SDK would read this variable from the process itself; MassGen reads it from the run's environment. */
function baseUrlFromEnvironment(settings: BackendSettings): string | undefined {
  const value = settings.env['GOOGLE_GEMINI_BASE_URL']?.trim();
  if (value === undefined || value === '') return undefined;
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    throw new ConfigError({
      issues: [
        {
          path: 'GOOGLE_GEMINI_BASE_URL',
          message: `expected an http(s) URL in the environment variable (agent ${settings.agentId})`,
        },
      ],
    });
  }
  return value;
}

/**
 * A backend for Google's Gemini API through `@google/genai`. Options are validated here, at
 * creation; the key and the SDK are only looked at on the first call.
 */
export function createGeminiBackend(settings: BackendSettings): Backend {
  const options = parseGeminiOptions(settings);
  const modelId = requireModel(
    settings,
    'expected the Gemini model to call, such as gemini-2.5-flash',
    settings.model.trim(),
  );
  const baseUrl = options.baseUrl ?? baseUrlFromEnvironment(settings) ?? defaultBaseUrl;
  // Each distinct warning once per backend: the same unsupported setting on every call is noise.
  const firstTime = createWarningFilter();
  async function connect(): Promise<Connection> {
    const apiKey = resolveGeminiApiKey(keyRequest(settings, options.apiKey, baseUrl));
    const sdk = await loadGeminiSdk();
    const client = new sdk.GoogleGenAI({
      apiKey,
      // Otherwise GOOGLE_GENAI_USE_VERTEXAI in the environment would send the key to Vertex AI.
      vertexai: false,
      // No `timeout` and no `retryOptions`: the SDK's timeout would bound the whole streamed
      // answer, not the silence in it (the silence timer does that), and retries happen in one
      // place, the MassGen runtime, which knows about budgets and other agents.
      httpOptions: { baseUrl, apiVersion: options.apiVersion, headers: options.headers },
    });
    return { client, apiKey };
  }

  const connecting = lazy(connect);

  async function* stream(request: BackendRequest, callOptions: BackendCallOptions = {}): AsyncGenerator<StreamPart> {
    const { signal } = callOptions;
    let connection: Connection | undefined;
    let phase: 'request' | 'stream' = 'request';
    // Ends the request for the caller's cancel, for silence, and for a consumer that stops early.
    const requestController = new AbortController();
    const onCallerAbort = (): void => requestController.abort(signal?.reason);
    let timedOut = false;
    // The SDK's own timeout would bound the whole answer; this one bounds the wait for it to begin.
    const waitForResponse = new SilenceTimer(options.timeoutMs, () => {
      timedOut = true;
      requestController.abort();
    });
    try {
      const caller = { agentId: settings.agentId, provider: settings.type, modelId };
      const messages = await prepareMediaMessages(request.messages, geminiMediaSupport, caller);
      connection = await connecting();
      const built = buildGeminiRequest({ ...request, messages }, modelId, options);
      for (const warning of built.warnings) {
        if (firstTime(warning)) yield { type: 'warning', warning: { ...warning, agentId: settings.agentId } };
      }
      if (signal?.aborted)
        throw new MassGenError({ code: 'ABORTED', message: `The request to ${providerName} was cancelled.` });
      signal?.addEventListener('abort', onCallerAbort, { once: true });
      waitForResponse.touch();
      const chunks = await connection.client.models.generateContentStream({
        model: modelId,
        contents: built.contents,
        config: {
          ...built.config,
          abortSignal: requestController.signal,
          // The SDK would silently repeat a dropped stream from the start; the runtime decides on retries.
          automaticContinuation: false,
          ...(Object.keys(built.extraBody).length === 0 ? {} : { httpOptions: { extraBody: built.extraBody } }),
        },
      });
      waitForResponse.stop();
      phase = 'stream';
      const guarded = withSilenceTimeout(chunks, options.timeoutMs, () => {
        requestController.abort();
        return midResponseSilence(providerName, options.timeoutMs);
      });
      yield* mapGeminiStream(guarded, { providerName, signal, createCallId });
    } catch (error) {
      const call = { providerName, phase, signal, timeoutMs: options.timeoutMs, apiKey: connection?.apiKey };
      const mapped = mapGeminiError(error, { ...failedCallContext(settings, call), timedOut });
      yield { type: 'error', error: mapped.toJSON() };
    } finally {
      waitForResponse.stop();
      signal?.removeEventListener('abort', onCallerAbort);
      requestController.abort();
    }
  }

  return { specificationVersion: 'v1', provider: settings.type, modelId, stream };
}
