import type { BackendRequest, BackendSettings, Warning } from '@massgen/core';
import {
  backendSettings,
  collectParts,
  terminalError,
  createFakeOpenAIServer,
  fakeAzureOpenAIErrors,
  weatherTool,
} from '@massgen/testing';
import type { FakeOpenAIServer, FakeReply } from '@massgen/testing';
import {
  describeBackendFailureContract,
  expectBackendModule,
  openAIContractReplies,
  useFakeServer,
} from '@massgen/testing/vitest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAzureOpenAIBackend } from './azure-openai-backend.js';
import { optionsSchema } from './azure-openai-options.js';
import * as azureModule from './index.js';

const azureKey = '3f9c0d7e5b2a48c1a6e4f0b9d8c7e6a5';
const server = useFakeServer(() =>
  createFakeOpenAIServer({ apiKey: azureKey, azureDeployments: ['prod-4o'], chunkSize: 3 }),
);
let warnings: Warning[];

beforeEach(() => {
  warnings = [];
});

function settings(options: Record<string, unknown> = {}, overrides: Partial<BackendSettings> = {}): BackendSettings {
  return backendSettings({
    type: 'azure_openai',
    model: 'gpt-4o',
    options: { azure_endpoint: server.origin, deployment: 'prod-4o', ...options },
    env: { AZURE_OPENAI_API_KEY: azureKey },
    warn: (warning) => warnings.push(warning),
    ...overrides,
  });
}

const question: BackendRequest = { messages: [{ role: 'user', content: 'Weather in Paris?' }] };

describe('azure_openai backend', () => {
  it('is a backend module for type azure_openai', () => {
    expectBackendModule(azureModule, settings(), { provider: 'azure_openai', modelId: 'gpt-4o' });
    expect(azureModule.optionsSchema?.safeParse({ azure_endpoint: 'nowhere' }).success).toBe(false);
  });

  it('streams from the deployment path, with the api-key header and the api-version query', async () => {
    server.enqueue({ type: 'text', text: 'Sunny in Paris.', usage: { promptTokens: 9, completionTokens: 4 } });
    const parts = await collectParts(createAzureOpenAIBackend(settings()).stream(question));
    expect(parts.map((part) => (part.type === 'text-delta' ? part.text : '')).join('')).toBe('Sunny in Paris.');
    expect(parts.filter((part) => part.type === 'usage')).toEqual([
      { type: 'usage', usage: { inputTokens: 9, outputTokens: 4, reasoningTokens: 0, cachedInputTokens: 0 } },
    ]);
    expect(parts.at(-1)).toEqual({ type: 'finish', reason: 'stop', rawReason: 'stop' });
    const [request] = server.requests;
    expect(request).toMatchObject({
      api: 'azure-chat-completions',
      path: '/openai/deployments/prod-4o/chat/completions',
      query: { 'api-version': '2024-10-21' },
    });
    expect(request?.headers['api-key']).toBe(azureKey);
    expect(request?.headers['authorization']).toBeUndefined();
    expect(warnings).toEqual([]);
  });

  it('calls the deployment named like the model when none is given, at the configured API version', async () => {
    const parts = await collectParts(
      createAzureOpenAIBackend(
        settings({ deployment: undefined, api_version: '2025-04-01-preview' }, { model: 'prod-4o' }),
      ).stream(question),
    );
    expect(parts.at(-1)?.type).toBe('finish');
    expect(server.requests[0]).toMatchObject({
      path: '/openai/deployments/prod-4o/chat/completions',
      query: { 'api-version': '2025-04-01-preview' },
    });
  });

  it('finds the endpoint and the API version in the environment', async () => {
    const backend = createAzureOpenAIBackend(
      settings(
        { azure_endpoint: undefined },
        {
          env: {
            AZURE_OPENAI_API_KEY: azureKey,
            AZURE_OPENAI_ENDPOINT: `${server.origin}/`,
            AZURE_OPENAI_API_VERSION: '2024-06-01',
          },
        },
      ),
    );
    expect((await collectParts(backend.stream(question))).at(-1)?.type).toBe('finish');
    expect(server.requests[0]?.query['api-version']).toBe('2024-06-01');
  });

  it('sends the mapped settings, tools and history, and streams a tool call assembled from pieces', async () => {
    server.enqueue({
      type: 'tool-calls',
      calls: [{ name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' } }],
    });
    const parts = await collectParts(
      createAzureOpenAIBackend(settings({ extra_body: { user: 'team-a' } })).stream({
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Weather?' },
          { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'get_city', input: '{}' }] },
          { role: 'tool', toolCallId: 'call_1', toolName: 'get_city', content: 'Paris' },
        ],
        tools: [weatherTool],
        toolChoice: 'required',
        settings: { temperature: 0.2, maxOutputTokens: 100, seed: 3 },
      }),
    );
    expect(parts.filter((part) => part.type === 'tool-call')).toEqual([
      { type: 'tool-call', id: 'call_0_0', name: 'get_weather', input: '{"city":"Paris","unit":"celsius"}' },
    ]);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', reason: 'tool-calls' });
    expect(server.requests[0]?.body).toMatchObject({
      model: 'gpt-4o',
      temperature: 0.2,
      max_tokens: 100,
      seed: 3,
      user: 'team-a',
      tool_choice: 'required',
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Weather?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_city', arguments: '{}' } }],
        },
        { role: 'tool', tool_call_id: 'call_1', content: 'Paris' },
      ],
    });
  });

  it('takes the options the runtime parsed as they are: no second parse, no second warning', async () => {
    server.enqueue({ type: 'text', text: 'Parsed once.' });
    // What the runtime hands over after its own validation (and its own unknown-key warning).
    const parsedOptions = optionsSchema.parse({
      azure_endpoint: server.origin,
      deployment: 'prod-4o',
      api_version: '2025-04-01-preview',
      timeout_seconds: 30,
    });
    const backend = createAzureOpenAIBackend(
      settings({ deployment: 'not-this-one', reasoning_mode: 'deep' }, { parsedOptions }),
    );
    expect((await collectParts(backend.stream(question))).at(-1)?.type).toBe('finish');
    expect(server.requests[0]).toMatchObject({
      path: '/openai/deployments/prod-4o/chat/completions',
      query: { 'api-version': '2025-04-01-preview' },
    });
    expect(warnings).toEqual([]);
  });

  it('warns about keys it does not know, by the backend type', () => {
    createAzureOpenAIBackend(settings({ reasoning_mode: 'deep' }));
    expect(warnings).toEqual([
      expect.objectContaining({
        code: 'unknown-key',
        path: 'backend.reasoning_mode',
        message: expect.stringContaining('azure_openai'),
      }),
    ]);
  });
});

describe('azure_openai errors', () => {
  it('classifies Azure’s errors and names Azure OpenAI with its own words', async () => {
    server.enqueue(fakeAzureOpenAIErrors.contentFilter());
    const filtered = terminalError(await collectParts(createAzureOpenAIBackend(settings()).stream(question)));
    expect(filtered).toMatchObject({
      code: 'BACKEND_BAD_REQUEST',
      retryable: false,
      statusCode: 400,
      provider: 'azure_openai',
      agentId: 'agent-a',
    });
    expect(filtered.message).toContain('Azure OpenAI');
    expect(filtered.message).toContain("triggering Azure OpenAI's content management policy");

    const missing = terminalError(
      await collectParts(createAzureOpenAIBackend(settings({ deployment: 'staging' })).stream(question)),
    );
    expect(missing).toMatchObject({ code: 'BACKEND_NOT_FOUND', statusCode: 404 });
    expect(missing.message).toContain('deployment for this resource does not exist');
  });

  it('names AZURE_OPENAI_API_KEY when the key is missing, and sends nothing', async () => {
    const error = terminalError(
      await collectParts(createAzureOpenAIBackend(settings({}, { env: {} })).stream(question)),
    );
    expect(error).toMatchObject({ code: 'BACKEND_MISSING_KEY', provider: 'azure_openai' });
    expect(error.message).toContain('AZURE_OPENAI_API_KEY');
    expect(server.requests).toHaveLength(0);
  });

  it('refuses an OpenAI key by name without sending or showing it', async () => {
    const openAIKey = 'sk-proj-abcdefghijklmnop';
    const error = terminalError(
      await collectParts(
        createAzureOpenAIBackend(settings({}, { env: { AZURE_OPENAI_API_KEY: openAIKey } })).stream(question),
      ),
    );
    expect(error).toMatchObject({
      code: 'BACKEND_AUTH',
      retryable: false,
      provider: 'azure_openai',
      agentId: 'agent-a',
    });
    expect(error.message).toContain('looks like a key issued by OpenAI');
    expect(error.message).not.toContain(openAIKey);
    expect(server.requests).toHaveLength(0);
  });
});

describeBackendFailureContract<FakeReply, FakeOpenAIServer>({
  type: 'azure_openai',
  model: 'gpt-4o',
  startServer: ({ apiKey }) => createFakeOpenAIServer({ apiKey, azureDeployments: ['prod-4o'] }),
  connection: (fake, key) => ({ azure_endpoint: fake.origin, deployment: 'prod-4o', api_key: key }),
  createBackend: createAzureOpenAIBackend,
  missingEndMarker: 'no finish_reason',
  wrongKey: { statusCode: 401, says: 'Access denied' },
  replies: openAIContractReplies({ afterChunks: 4 }),
});
