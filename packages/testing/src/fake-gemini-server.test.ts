import { afterEach, describe, expect, it } from 'vitest';
import { createFakeGeminiServer } from './fake-gemini-server.js';
import type { FakeGeminiServer, FakeGeminiServerOptions } from './fake-gemini-server-types.js';

let server: FakeGeminiServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(options: FakeGeminiServerOptions = {}): Promise<FakeGeminiServer> {
  server = await createFakeGeminiServer(options);
  return server;
}

const basicBody = { contents: [{ role: 'user', parts: [{ text: 'Hello there' }] }] };

function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-goog-api-key': 'test-key', ...headers },
    body: JSON.stringify(body),
  });
}

function streamUrl(fake: FakeGeminiServer, model = 'gemini-2.5-flash'): string {
  return `${fake.url}/v1beta/models/${model}:streamGenerateContent?alt=sse`;
}

/** Splits a server-sent-events body into its `data:` payloads, insisting on Google's CRLF framing. */
function sseData(text: string): unknown[] {
  expect(text.endsWith('\r\n\r\n')).toBe(true);
  return text
    .split('\r\n\r\n')
    .filter((event) => event !== '')
    .map((event) => {
      expect(event.startsWith('data: ')).toBe(true);
      return JSON.parse(event.slice('data: '.length)) as unknown;
    });
}

interface Chunk {
  candidates?: Array<{ content: { role: string; parts: Array<Record<string, unknown>> }; finishReason?: string }>;
  usageMetadata?: Record<string, number>;
  promptFeedback?: { blockReason: string };
}

async function streamChunks(response: Response): Promise<Chunk[]> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  return sseData(await response.text()) as Chunk[];
}

function partsOf(chunks: Chunk[]): Array<Record<string, unknown>> {
  return chunks.flatMap((chunk) => chunk.candidates?.[0]?.content.parts ?? []);
}

describe('streamGenerateContent?alt=sse', () => {
  it('streams thought parts, then text parts, and ends with the finish reason and the final usage', async () => {
    const fake = await start({ chunkSize: 5 });
    fake.enqueue({
      type: 'text',
      text: 'Paris is the capital.',
      thoughts: 'The user asks a capital.',
      usage: { promptTokens: 12, candidatesTokens: 6, thoughtsTokens: 7, cachedTokens: 3 },
    });
    const chunks = await streamChunks(await post(streamUrl(fake), basicBody));
    const parts = partsOf(chunks);
    expect(
      parts
        .filter((part) => part['thought'] === true)
        .map((part) => part['text'])
        .join(''),
    ).toBe('The user asks a capital.');
    expect(
      parts
        .filter((part) => part['thought'] !== true)
        .map((part) => part['text'])
        .join(''),
    ).toBe('Paris is the capital.');
    expect(parts.findIndex((part) => part['thought'] !== true)).toBeGreaterThan(
      parts.findLastIndex((part) => part['thought'] === true),
    );
    expect(chunks.every((chunk) => chunk.candidates?.[0]?.content.role === 'model')).toBe(true);
    expect(chunks.slice(0, -1).every((chunk) => chunk.candidates?.[0]?.finishReason === undefined)).toBe(true);
    const last = chunks[chunks.length - 1];
    expect(last?.candidates?.[0]?.finishReason).toBe('STOP');
    expect(last?.usageMetadata).toMatchObject({
      promptTokenCount: 12,
      candidatesTokenCount: 6,
      thoughtsTokenCount: 7,
      cachedContentTokenCount: 3,
      totalTokenCount: 25,
    });
    expect(chunks[0]?.usageMetadata).toEqual({ promptTokenCount: 12, totalTokenCount: 12 });
  });

  it('sends each function call whole, without an id unless scripted, signed where the script signs it', async () => {
    const fake = await start();
    fake.enqueue({
      type: 'function-calls',
      text: 'Let me check.',
      calls: [
        { name: 'lookup', args: { city: 'Paris', days: 3 }, thoughtSignature: 'c2lnLTE=' },
        { name: 'lookup', args: { city: 'Lyon' }, id: 'call-from-model' },
      ],
      callsPerChunk: 1,
    });
    const chunks = await streamChunks(await post(streamUrl(fake), basicBody));
    const callChunks = chunks.filter((chunk) =>
      chunk.candidates?.[0]?.content.parts.some((part) => 'functionCall' in part),
    );
    expect(callChunks).toHaveLength(2);
    expect(callChunks[0]?.candidates?.[0]?.content.parts).toEqual([
      { functionCall: { name: 'lookup', args: { city: 'Paris', days: 3 } }, thoughtSignature: 'c2lnLTE=' },
    ]);
    expect(callChunks[1]?.candidates?.[0]?.content.parts).toEqual([
      { functionCall: { id: 'call-from-model', name: 'lookup', args: { city: 'Lyon' } } },
    ]);
    expect(chunks[chunks.length - 1]?.candidates?.[0]?.finishReason).toBe('STOP');
  });

  it('puts several calls in one chunk by default, as Gemini does with parallel calls', async () => {
    const fake = await start();
    fake.enqueue({
      type: 'function-calls',
      calls: [
        { name: 'a', args: {} },
        { name: 'b', args: { x: 1 } },
      ],
    });
    const chunks = await streamChunks(await post(streamUrl(fake), basicBody));
    expect(chunks).toHaveLength(1);
    expect(partsOf(chunks).map((part) => (part['functionCall'] as { name: string }).name)).toEqual(['a', 'b']);
  });

  it('signs a turn without calls on its last text part', async () => {
    const fake = await start();
    fake.enqueue({ type: 'text', text: 'Done.', thoughtSignature: 'dGV4dC1zaWc=' });
    const parts = partsOf(await streamChunks(await post(streamUrl(fake), basicBody)));
    expect(parts[parts.length - 1]).toEqual({ text: '.', thoughtSignature: 'dGV4dC1zaWc=' });
  });

  it('reports a blocked prompt with promptFeedback and no candidates', async () => {
    const fake = await start();
    fake.enqueue({ type: 'blocked', blockReason: 'PROHIBITED_CONTENT' });
    const chunks = await streamChunks(await post(streamUrl(fake), basicBody));
    expect(chunks).toHaveLength(1);
    expect(chunks[0]?.candidates).toBeUndefined();
    expect(chunks[0]?.promptFeedback).toEqual({ blockReason: 'PROHIBITED_CONTENT' });
  });

  it('sends scripted chunks as they are', async () => {
    const fake = await start();
    const chunk = {
      candidates: [{ content: { role: 'model', parts: [{ text: 'raw' }] }, finishReason: 'MAX_TOKENS', index: 0 }],
    };
    fake.enqueue({ type: 'chunks', chunks: [chunk] });
    expect(await streamChunks(await post(streamUrl(fake), basicBody))).toEqual([chunk]);
  });

  it('answers with one JSON array when alt=sse is missing', async () => {
    const fake = await start();
    fake.enqueue({ type: 'text', text: 'Hi you' });
    const response = await post(`${fake.url}/v1beta/models/gemini-2.5-flash:streamGenerateContent`, basicBody);
    const chunks = (await response.json()) as Chunk[];
    expect(Array.isArray(chunks)).toBe(true);
    expect(
      partsOf(chunks)
        .map((part) => part['text'])
        .join(''),
    ).toBe('Hi you');
  });
});

describe('generateContent', () => {
  it('answers with one candidate holding every part', async () => {
    const fake = await start();
    fake.enqueue({
      type: 'function-calls',
      thoughts: 'Need data.',
      text: 'Checking.',
      calls: [{ name: 'lookup', args: { q: 'x' }, thoughtSignature: 'c2ln' }],
    });
    const response = await post(`${fake.url}/v1beta/models/gemini-2.5-pro:generateContent`, basicBody);
    expect(response.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    const body = (await response.json()) as Chunk;
    expect(body.candidates?.[0]?.content.parts).toEqual([
      { text: 'Need data.', thought: true },
      { text: 'Checking.' },
      { functionCall: { name: 'lookup', args: { q: 'x' } }, thoughtSignature: 'c2ln' },
    ]);
    expect(body.candidates?.[0]?.finishReason).toBe('STOP');
    expect(body.usageMetadata?.['promptTokenCount']).toBeGreaterThan(0);
    expect(fake.requests[0]).toMatchObject({ method: 'generateContent', stream: false, model: 'gemini-2.5-pro' });
  });
});

describe('requests', () => {
  it('records the model, method, key header and the parsed body', async () => {
    const fake = await start();
    const body = {
      contents: [
        { role: 'user', parts: [{ text: 'Weather?' }] },
        {
          role: 'model',
          parts: [{ functionCall: { name: 'lookup', args: { city: 'Paris' } }, thoughtSignature: 'c2ln' }],
        },
        { role: 'user', parts: [{ functionResponse: { name: 'lookup', response: { output: 'sunny' } } }] },
      ],
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      tools: [
        {
          functionDeclarations: [
            { name: 'lookup', description: 'Looks up.', parametersJsonSchema: { type: 'object' } },
          ],
        },
      ],
      toolConfig: { functionCallingConfig: { mode: 'ANY' } },
      generationConfig: { temperature: 0.2, thinkingConfig: { includeThoughts: true, thinkingBudget: 1024 } },
    };
    await (await post(streamUrl(fake, 'gemini-2.5-flash'), body)).text();
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({
      index: 0,
      method: 'streamGenerateContent',
      stream: true,
      apiVersion: 'v1beta',
      model: 'gemini-2.5-flash',
      query: { alt: 'sse' },
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      functionDeclarations: [{ name: 'lookup', description: 'Looks up.', parametersJsonSchema: { type: 'object' } }],
      toolConfig: { functionCallingConfig: { mode: 'ANY' } },
      generationConfig: { temperature: 0.2, thinkingConfig: { includeThoughts: true, thinkingBudget: 1024 } },
    });
    expect(request?.headers['x-goog-api-key']).toBe('test-key');
    expect(request?.contents).toEqual(body.contents);
  });

  it('echoes the last user text when nothing is scripted, and asks the responder with the request index', async () => {
    const fake = await start();
    const echoed = partsOf(await streamChunks(await post(streamUrl(fake), basicBody)));
    expect(echoed.map((part) => part['text']).join('')).toBe('Hello there');
    const seen: number[] = [];
    fake.setResponder((request, context) => {
      seen.push(context.index);
      return { type: 'text', text: `reply ${request.index}` };
    });
    const replied = partsOf(await streamChunks(await post(streamUrl(fake), basicBody)));
    expect(replied.map((part) => part['text']).join('')).toBe('reply 1');
    expect(seen).toEqual([1]);
    await fake.waitForRequests(2);
  });

  it('checks the key like Google: 403 without one, 400 API_KEY_INVALID with a wrong one', async () => {
    const fake = await start({ apiKey: 'right-key' });
    const missing = await fetch(streamUrl(fake), { method: 'POST', body: JSON.stringify(basicBody) });
    expect(missing.status).toBe(403);
    expect(await missing.json()).toMatchObject({ error: { code: 403, status: 'PERMISSION_DENIED' } });
    const wrong = await post(streamUrl(fake), basicBody, { 'x-goog-api-key': 'wrong-key' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      error: {
        status: 'INVALID_ARGUMENT',
        message: 'API key not valid. Please pass a valid API key.',
        details: [{ reason: 'API_KEY_INVALID' }],
      },
    });
    const right = await post(streamUrl(fake), basicBody, { 'x-goog-api-key': 'right-key' });
    expect(right.status).toBe(200);
    await right.text();
    const byQuery = await fetch(`${streamUrl(fake)}&key=right-key`, {
      method: 'POST',
      body: JSON.stringify(basicBody),
    });
    expect(byQuery.status).toBe(200);
    await byQuery.text();
  });

  it('rejects a body without contents and an unknown path with Google error bodies', async () => {
    const fake = await start();
    const empty = await post(streamUrl(fake), { contents: [] });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
    const unknown = await post(`${fake.url}/v1beta/models/gemini-2.5-flash:countTokens`, basicBody);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 404, status: 'NOT_FOUND' } });
    expect(fake.requests).toHaveLength(1);
  });
});

describe("Google's own tools", () => {
  const search = {
    type: 'google_search' as const,
    queries: ['Eiffel Tower height'],
    sources: [{ url: 'https://www.toureiffel.paris/en', title: 'toureiffel.paris' }],
  };
  const functions = { functionDeclarations: [{ name: 'vote', parametersJsonSchema: { type: 'object' } }] };

  it('streams code and its result before the text, and the grounding with the last chunk', async () => {
    const fake = await start();
    fake.enqueue({
      type: 'text',
      text: '330 m.',
      builtInTools: [search, { type: 'code_execution', code: 'print(1)', output: '1\n' }],
    });
    const chunks = await streamChunks(
      await post(streamUrl(fake), { ...basicBody, tools: [{ googleSearch: {} }, { codeExecution: {} }] }),
    );
    const parts = chunks.flatMap((chunk) => chunk.candidates?.[0]?.content.parts ?? []);
    expect(parts.slice(0, 2)).toEqual([
      { executableCode: { language: 'PYTHON', code: 'print(1)' } },
      { codeExecutionResult: { outcome: 'OUTCOME_OK', output: '1\n' } },
    ]);
    const last = chunks.at(-1) as Chunk & { candidates: Array<{ groundingMetadata?: Record<string, unknown> }> };
    expect(last.candidates[0]?.groundingMetadata).toMatchObject({
      webSearchQueries: ['Eiffel Tower height'],
      groundingChunks: [{ web: { uri: 'https://www.toureiffel.paris/en', title: 'toureiffel.paris' } }],
      groundingSupports: [{ segment: { startIndex: 0, endIndex: 6, text: '330 m.' }, groundingChunkIndices: [0] }],
    });
    expect(last.usageMetadata?.['toolUsePromptTokenCount']).toBeGreaterThan(0);
  });

  it('leaves out the uses of a tool the request did not offer', async () => {
    const fake = await start();
    fake.enqueue({ type: 'text', text: 'Plain.', builtInTools: [search] });
    const chunks = await streamChunks(await post(streamUrl(fake), { ...basicBody, tools: [{ codeExecution: {} }] }));
    expect(JSON.stringify(chunks)).not.toContain('groundingMetadata');
  });

  it('refuses them beside functions before Gemini 3, and on Gemini 3 unless the server tool invocations are asked for', async () => {
    const fake = await start();
    const refused = await post(streamUrl(fake), { ...basicBody, tools: [functions, { googleSearch: {} }] });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: { code: 400, message: 'Tool use with function calling is unsupported', status: 'INVALID_ARGUMENT' },
    });
    const gemini3 = streamUrl(fake, 'gemini-3-flash-preview');
    expect((await post(gemini3, { ...basicBody, tools: [functions, { googleSearch: {} }] })).status).toBe(400);
    const accepted = await post(gemini3, {
      ...basicBody,
      tools: [functions, { googleSearch: {} }],
      toolConfig: { includeServerSideToolInvocations: true },
    });
    expect(accepted.status).toBe(200);
    await accepted.text();
  });
});
