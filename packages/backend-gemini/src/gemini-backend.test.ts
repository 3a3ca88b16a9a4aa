import type { BackendRequest, BackendSettings, Message, StreamPart } from '@massgen/core';
import { collectParts, createGeminiTeamResponder, scriptedToolCalls, textOf } from '@massgen/testing';
import { expectBackendModule, itStreamsTurns, useBackendServer } from '@massgen/testing/vitest';
import { describe, expect, it } from 'vitest';
import { createGeminiBackend } from './gemini-backend.js';
import * as backendModule from './index.js';
import { geminiTestServer } from './gemini-test-server.js';

const { server, warnings, apiKey, settings: settingsOf } = useBackendServer(geminiTestServer);
const settings = (overrides: Partial<BackendSettings> = {}, options: Record<string, unknown> = {}) =>
  settingsOf(options, overrides);

function toolCalls(parts: StreamPart[]): Array<StreamPart & { type: 'tool-call' }> {
  return parts.filter((part): part is StreamPart & { type: 'tool-call' } => part.type === 'tool-call');
}

const question: BackendRequest = { messages: [{ role: 'user', content: 'What is the capital of France?' }] };

describe('the package as the runtime loads it', () => {
  it('exports the v1 backend module shape', () => {
    expectBackendModule(backendModule, settings(), { provider: 'gemini', modelId: 'gemini-2.5-flash' });
    expect(backendModule.optionsSchema?.safeParse({ api_key: 'k', timeout_seconds: 30 }).success).toBe(true);
  });

  it('refuses at creation a missing model, a bad option and a bad GOOGLE_GEMINI_BASE_URL, naming each', () => {
    expect(() => createGeminiBackend(settings({ model: ' ' }))).toThrow(
      /backend\.model: expected the Gemini model to call/,
    );
    expect(() => createGeminiBackend(settings({}, { timeout_seconds: 'soon' }))).toThrow(
      /backend\.timeout_seconds: expected a number of seconds/,
    );
    expect(() =>
      createGeminiBackend({ ...settings(), options: {}, env: { GOOGLE_GEMINI_BASE_URL: 'not a url' } }),
    ).toThrow(/GOOGLE_GEMINI_BASE_URL: expected an http\(s\) URL/);
  });
});

describe('gemini backend streaming through @google/genai', () => {
  it('streams thought parts as reasoning before the text, and counts thought tokens as output', async () => {
    server.enqueue({
      type: 'text',
      thoughts: 'The user wants a capital.',
      text: 'Paris.',
      usage: { promptTokens: 10, candidatesTokens: 2, thoughtsTokens: 6 },
    });
    const parts = await collectParts(createGeminiBackend(settings()).stream(question));
    expect(textOf(parts, 'reasoning-delta')).toBe('The user wants a capital.');
    expect(textOf(parts, 'text-delta')).toBe('Paris.');
    expect(parts.findLastIndex((part) => part.type === 'reasoning-delta')).toBeLessThan(
      parts.findIndex((part) => part.type === 'text-delta'),
    );
    expect(parts.find((part) => part.type === 'usage')).toEqual({
      type: 'usage',
      usage: { inputTokens: 10, outputTokens: 8, reasoningTokens: 6 },
    });
  });

  // Gemini sends no call ids unless the model gives one; the backend makes up the others.
  const calls = scriptedToolCalls.map(({ name, input }) => ({ name, args: input }));
  const generatedId = expect.stringMatching(/^call_[0-9a-f]{24}$/) as unknown;
  itStreamsTurns({
    script: {
      text: (text) =>
        server.enqueue({ type: 'text', text, usage: { promptTokens: 20, candidatesTokens: 8, cachedTokens: 4 } }),
      toolCalls: (text) =>
        server.enqueue({
          type: 'function-calls',
          text,
          calls: calls.map((call) => (call.name === 'get_time' ? { ...call, id: 'model-given-id' } : call)),
          callsPerChunk: 2,
        }),
    },
    stream: () => createGeminiBackend(settings()).stream(question),
    text: { usage: { inputTokens: 20, outputTokens: 8, cachedInputTokens: 4 }, rawReason: 'STOP' },
    toolCalls: { ids: [generatedId, 'model-given-id', generatedId], rawReason: 'STOP' },
    checkToolCalls: (parts) => expect(new Set(toolCalls(parts).map((call) => call.id)).size).toBe(3),
  });

  it('maps MAX_TOKENS to length, SAFETY to content-filter, and a blocked prompt to content-filter', async () => {
    server.enqueue(
      { type: 'text', text: 'Cut', finishReason: 'MAX_TOKENS' },
      { type: 'text', text: '', finishReason: 'SAFETY' },
      { type: 'blocked', blockReason: 'OTHER' },
    );
    const backend = createGeminiBackend(settings());
    expect((await collectParts(backend.stream(question))).at(-1)).toEqual({
      type: 'finish',
      reason: 'length',
      rawReason: 'MAX_TOKENS',
    });
    expect((await collectParts(backend.stream(question))).at(-1)).toEqual({
      type: 'finish',
      reason: 'content-filter',
      rawReason: 'SAFETY',
    });
    const blocked = await collectParts(backend.stream(question));
    expect(blocked.filter((part) => part.type === 'text-delta')).toEqual([]);
    expect(blocked.at(-1)).toEqual({ type: 'finish', reason: 'content-filter', rawReason: 'OTHER' });
  });
});

describe('the request sent to Gemini', () => {
  it('calls streamGenerateContent with the key header, the system instruction, the settings and the tools', async () => {
    server.enqueue({ type: 'text', text: 'ok' });
    const backend = createGeminiBackend(
      settings({}, { top_k: 40, presence_penalty: 0.5, headers: { 'x-team': 'research' } }),
    );
    await collectParts(
      backend.stream({
        messages: [
          { role: 'system', content: 'You are terse.' },
          { role: 'user', content: 'Weather in Paris?' },
        ],
        tools: [
          {
            name: 'get_weather',
            description: 'Weather for a city.',
            inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
          },
        ],
        toolChoice: 'required',
        settings: {
          temperature: 0.3,
          topP: 0.9,
          maxOutputTokens: 256,
          seed: 7,
          stopSequences: ['END'],
          reasoningEffort: 'low',
        },
      }),
    );
    const [request] = server.requests;
    expect(request).toMatchObject({
      method: 'streamGenerateContent',
      stream: true,
      apiVersion: 'v1beta',
      model: 'gemini-2.5-flash',
    });
    expect(request?.headers['x-goog-api-key']).toBe(apiKey);
    expect(request?.headers['x-team']).toBe('research');
    expect(request?.systemInstruction).toEqual({ parts: [{ text: 'You are terse.' }] });
    expect(request?.contents).toEqual([{ role: 'user', parts: [{ text: 'Weather in Paris?' }] }]);
    expect(request?.generationConfig).toEqual({
      temperature: 0.3,
      topP: 0.9,
      topK: 40,
      maxOutputTokens: 256,
      seed: 7,
      stopSequences: ['END'],
      presencePenalty: 0.5,
      thinkingConfig: { thinkingBudget: 1024, includeThoughts: true },
    });
    expect(request?.functionDeclarations).toEqual([
      {
        name: 'get_weather',
        description: 'Weather for a city.',
        parametersJsonSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      },
    ]);
    expect(request?.toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY' } });
  });

  it('reaches the model when base_url was written with the API version at its end', async () => {
    server.enqueue({ type: 'text', text: 'ok' });
    const parts = await collectParts(
      createGeminiBackend(settings({}, { base_url: `${server.url}/v1beta` })).stream(question),
    );
    expect(parts.at(-1)).toMatchObject({ type: 'finish', reason: 'stop' });
    expect(server.requests[0]).toMatchObject({ apiVersion: 'v1beta', model: 'gemini-2.5-flash' });
    expect(warnings).toEqual([expect.objectContaining({ code: 'base-url-version' })]);
  });

  it('asks Gemini 3 for a thinking level instead of a budget', async () => {
    server.enqueue({ type: 'text', text: 'ok' });
    await collectParts(
      createGeminiBackend(settings({ model: 'gemini-3-pro-preview' })).stream({
        ...question,
        settings: { reasoningEffort: 'high' },
      }),
    );
    expect(server.requests[0]?.generationConfig['thinkingConfig']).toEqual({
      thinkingLevel: 'HIGH',
      includeThoughts: true,
    });
  });

  it('merges extra_body and then providerOptions into the body, but never over the conversation or the tools', async () => {
    server.enqueue({ type: 'text', text: 'ok' }, { type: 'text', text: 'ok' });
    const backend = createGeminiBackend(
      settings(
        {},
        {
          extra_body: {
            safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }],
            generationConfig: { candidateCount: 1 },
          },
        },
      ),
    );
    const request: BackendRequest = {
      ...question,
      settings: { temperature: 0.5 },
      providerOptions: { cachedContent: 'cachedContents/abc', contents: [] },
    };
    const first = await collectParts(backend.stream(request));
    const second = await collectParts(backend.stream(request));
    const body = server.requests[0]?.body ?? {};
    expect(body['safetySettings']).toEqual([{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }]);
    expect(body['cachedContent']).toBe('cachedContents/abc');
    expect(body['generationConfig']).toMatchObject({ temperature: 0.5, candidateCount: 1 });
    expect(server.requests[0]?.contents).toEqual([
      { role: 'user', parts: [{ text: 'What is the capital of France?' }] },
    ]);
    expect(first.filter((part) => part.type === 'warning')).toEqual([
      {
        type: 'warning',
        warning: expect.objectContaining({
          code: 'ignored-option',
          path: 'providerOptions.contents',
          agentId: 'agent-a',
        }),
      },
    ]);
    expect(second.filter((part) => part.type === 'warning')).toEqual([]);
  });

  it('replays the history: signed function calls as model parts and results as functionResponse parts', async () => {
    server.enqueue({
      type: 'function-calls',
      calls: [
        { name: 'lookup', args: { city: 'Paris' }, thoughtSignature: 'c2lnbmVkLWJ5LWdlbWluaQ==' },
        { name: 'lookup', args: { city: 'Lyon' } },
      ],
    });
    const backend = createGeminiBackend(settings());
    const tools = [{ name: 'lookup', description: 'Looks a city up.', inputSchema: { type: 'object' } }];
    const first = await collectParts(backend.stream({ ...question, tools }));
    const calls = toolCalls(first);
    const metadata = first.find((part) => part.type === 'provider-metadata');
    expect(metadata).toEqual({
      type: 'provider-metadata',
      metadata: { gemini: { callSignatures: { [calls[0]?.id ?? '']: 'c2lnbmVkLWJ5LWdlbWluaQ==' }, modelCallIds: [] } },
    });

    server.enqueue({ type: 'text', text: 'Sunny in both.' });
    const history: Message[] = [
      ...question.messages,
      {
        role: 'assistant',
        content: '',
        toolCalls: calls.map(({ id, name, input }) => ({ id, name, input })),
        providerMetadata: metadata?.type === 'provider-metadata' ? metadata.metadata : {},
      },
      { role: 'tool', toolCallId: calls[0]?.id ?? '', toolName: 'lookup', content: 'sunny' },
      { role: 'tool', toolCallId: calls[1]?.id ?? '', toolName: 'lookup', content: 'city not found', isError: true },
    ];
    await collectParts(backend.stream({ messages: history, tools }));
    expect(server.requests[1]?.contents).toEqual([
      { role: 'user', parts: [{ text: 'What is the capital of France?' }] },
      {
        role: 'model',
        parts: [
          { functionCall: { name: 'lookup', args: { city: 'Paris' } }, thoughtSignature: 'c2lnbmVkLWJ5LWdlbWluaQ==' },
          { functionCall: { name: 'lookup', args: { city: 'Lyon' } } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'lookup', response: { output: 'sunny' } } },
          { functionResponse: { name: 'lookup', response: { error: 'city not found' } } },
        ],
      },
    ]);
  });

  it("takes GOOGLE_GEMINI_BASE_URL from the run's environment, and ignores the process's Vertex and base URL variables", async () => {
    const saved = { vertex: process.env['GOOGLE_GENAI_USE_VERTEXAI'], base: process.env['GOOGLE_GEMINI_BASE_URL'] };
    process.env['GOOGLE_GENAI_USE_VERTEXAI'] = 'true';
    process.env['GOOGLE_GEMINI_BASE_URL'] = 'http://127.0.0.1:9';
    try {
      server.enqueue({ type: 'text', text: 'ok' });
      const backend = createGeminiBackend({
        ...settings(),
        options: { api_key: apiKey },
        env: { GOOGLE_GEMINI_BASE_URL: server.url },
      });
      expect((await collectParts(backend.stream(question))).at(-1)).toMatchObject({ type: 'finish', reason: 'stop' });
      expect(server.requests[0]).toMatchObject({ apiVersion: 'v1beta', model: 'gemini-2.5-flash' });
    } finally {
      for (const [name, value] of [
        ['GOOGLE_GENAI_USE_VERTEXAI', saved.vertex],
        ['GOOGLE_GEMINI_BASE_URL', saved.base],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it('plays a whole team turn with the Gemini team responder', async () => {
    server.setResponder(createGeminiTeamResponder({ answer: 'Paris.' }));
    const newAnswer = {
      name: 'new_answer',
      description: 'Submit an answer.',
      inputSchema: { type: 'object', properties: { content: { type: 'string' } } },
    };
    const parts = await collectParts(createGeminiBackend(settings()).stream({ ...question, tools: [newAnswer] }));
    expect(toolCalls(parts).map(({ name, input }) => ({ name, input }))).toEqual([
      { name: 'new_answer', input: '{"content":"Paris."}' },
    ]);
  });
});
