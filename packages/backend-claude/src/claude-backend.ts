import {
  createWarningFilter,
  failedCallContext,
  keyRequest,
  lazy,
  midResponseSilence,
  providerText,
  requireModel,
  streamCall,
  withSilenceTimeout,
} from '@massgen/backend-utils';
import type { MediaSupport, PreparedCall } from '@massgen/backend-utils';
import type { Backend, BackendSettings, StreamPart } from '@massgen/core';
import type Anthropic from '@anthropic-ai/sdk';
import type { MessageCreateParamsStreaming } from '@anthropic-ai/sdk/resources/messages';
import { buildClaudeRequest, type ClaudeRequestBody } from './build-claude-request.js';
import { resolveClaudeApiKey } from './claude-api-key.js';
import { mapClaudeError } from './claude-error.js';
import { anthropicBaseUrl, parseClaudeOptions } from './claude-options.js';
import { mapClaudeStream } from './claude-stream.js';
import { withSdkConsoleNotices } from './sdk-console-notices.js';
import { loadAnthropicSdk, type AnthropicSdk } from './load-anthropic-sdk.js';

interface Connection {
  sdk: AnthropicSdk;
  client: Anthropic;
  apiKey: string;
}

const claudeImageTypes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** Images and PDFs, also by URL; text files become text documents. Claude takes no audio. */
const claudeMediaSupport: MediaSupport = {
  apiName: "Claude's Messages API",
  mediaTypes: [...claudeImageTypes, 'application/pdf'],
  urlMediaTypes: [...claudeImageTypes, 'application/pdf'],
};

/** Name of the provider in messages: Anthropic, or the compatible server the requests go to. */
function providerNameFor(baseUrl: string): string {
  return baseUrl === anthropicBaseUrl ? 'Anthropic' : `Anthropic API at ${new URL(baseUrl).host}`;
}

/**
 * A backend for Claude through the Messages API. Options are validated here, at creation; the key
 * and the SDK are only looked at on the first call.
 */
export function createClaudeBackend(settings: BackendSettings): Backend {
  const options = parseClaudeOptions(settings);
  const modelId = requireModel(settings, 'expected the Claude model to use, such as claude-sonnet-4-6');
  const providerName = providerNameFor(options.baseUrl);
  const firstTime = createWarningFilter();
  async function connect(): Promise<Connection> {
    const apiKey = resolveClaudeApiKey(keyRequest(settings, options.apiKey, options.baseUrl));
    const sdk = await loadAnthropicSdk();
    const client = new sdk.Anthropic({
      apiKey,
      baseURL: options.baseUrl,
      timeout: options.timeoutMs,
      // Retries happen in one place, the MassGen runtime, which knows about budgets and other agents.
      maxRetries: 0,
      defaultHeaders: {
        ...options.headers,
        ...(options.betas.length === 0 ? {} : { 'anthropic-beta': options.betas.join(',') }),
      },
      // The SDK would otherwise read this from the environment; MassGen has no use for it.
      webhookKey: null,
      logLevel: 'off',
    });
    return { sdk, client, apiKey };
  }

  const connection = lazy(connect);

  async function* respond({
    body,
    connection: connected,
    signal,
    streaming,
  }: PreparedCall<Connection, ClaudeRequestBody>): AsyncGenerator<StreamPart> {
    const client = connected.client;
    const notices: string[] = [];
    const creating = withSdkConsoleNotices(
      // The SDK's types no longer list the sampling fields the body may carry; the API reads them.
      () =>
        client.messages.create(body as unknown as MessageCreateParamsStreaming, signal === undefined ? {} : { signal }),
      (text) => notices.push(text),
    );
    const events = await creating;
    for (const text of notices) {
      const warning = {
        code: 'provider-notice',
        message: `The Anthropic SDK says: ${providerText(text)}`,
        agentId: settings.agentId,
      };
      if (firstTime(warning)) yield { type: 'warning', warning };
    }
    streaming();
    const guarded = withSilenceTimeout(events, options.timeoutMs, () => {
      events.controller.abort();
      return midResponseSilence(providerName, options.timeoutMs);
    });
    yield* mapClaudeStream(guarded, { providerName, signal });
  }

  const stream = streamCall(settings, modelId, {
    mediaSupport: claudeMediaSupport,
    connect: connection,
    build: (prepared) => buildClaudeRequest(prepared, modelId, options),
    keepWarning: firstTime,
    respond,
    failure: (error, { phase, connection: connected, signal }) => {
      const call = { providerName, phase, signal, timeoutMs: options.timeoutMs, apiKey: connected?.apiKey };
      return mapClaudeError(error, { ...failedCallContext(settings, call), errorClasses: connected?.sdk });
    },
  });

  return { specificationVersion: 'v1', provider: settings.type, modelId, stream };
}
