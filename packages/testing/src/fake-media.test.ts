import { afterEach, describe, expect, it } from 'vitest';
import { createFakeAnthropicServer } from './fake-anthropic-server.js';
import { createFakeGeminiServer } from './fake-gemini-server.js';
import { createFakeOpenAIServer } from './fake-openai-server.js';
import { mediaTypeOfBytes } from './fake-media.js';
import { samplePdf, samplePng, sampleWav } from './sample-media.js';

const closers: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function post(
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<{ status: number; text: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

const pngBase64 = samplePng().toString('base64');

/** A request a fake server refuses for its media, and the words of the refusal. */
interface MediaRefusal {
  name: string;
  start: () => Promise<{ url: string; close(): Promise<void> }>;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  refusal: string;
}

describe('sample media', () => {
  it('makes files whose bytes say what they are', () => {
    expect(mediaTypeOfBytes(samplePng())).toBe('image/png');
    expect(mediaTypeOfBytes(samplePdf())).toBe('application/pdf');
    expect(mediaTypeOfBytes(sampleWav())).toBe('audio/wav');
  });
});

describe('the fake servers check media as the providers do', () => {
  it('Chat Completions refuses a PNG declared as JPEG, and audio outside a user message', async () => {
    const server = await createFakeOpenAIServer({ apiKey: 'k-1' });
    closers.push(() => server.close());
    const url = `${server.url}/chat/completions`;
    const headers = { authorization: 'Bearer k-1' };
    const mislabelled = await post(url, headers, {
      model: 'm',
      messages: [
        { role: 'user', content: [{ type: 'image_url', image_url: { url: `data:image/jpeg;base64,${pngBase64}` } }] },
      ],
    });
    expect(mislabelled.status).toBe(400);
    expect(mislabelled.text).toContain('invalid_image_format');
    const fromAssistant = await post(url, headers, {
      model: 'm',
      messages: [
        {
          role: 'assistant',
          content: [{ type: 'input_audio', input_audio: { data: sampleWav().toString('base64'), format: 'wav' } }],
        },
      ],
    });
    expect(fromAssistant.status).toBe(400);
    expect(fromAssistant.text).toContain("only allowed for messages with role 'user'");
    expect(server.requests.filter((request) => request.media.length > 0)).toHaveLength(0);
  });

  it('the Responses API refuses a file without its name and has no audio part', async () => {
    const server = await createFakeOpenAIServer({ apiKey: 'k-2' });
    closers.push(() => server.close());
    const url = `${server.url}/responses`;
    const headers = { authorization: 'Bearer k-2' };
    const nameless = await post(url, headers, {
      model: 'gpt-4.1',
      input: [
        {
          role: 'user',
          content: [{ type: 'input_file', file_data: `data:application/pdf;base64,${samplePdf().toString('base64')}` }],
        },
      ],
    });
    expect(nameless.status).toBe(400);
    expect(nameless.text).toContain('A filename is required with file_data');
    const audio = await post(url, headers, {
      model: 'gpt-4.1',
      input: [{ role: 'user', content: [{ type: 'input_audio', input_audio: { data: '', format: 'wav' } }] }],
    });
    expect(audio.status).toBe(400);
    expect(audio.text).toContain("Invalid value: 'input_audio'");
  });

  const refusals: MediaRefusal[] = [
    {
      name: 'Anthropic refuses a document that is not a PDF',
      start: () => createFakeAnthropicServer({ apiKey: 'k-3' }),
      path: '/v1/messages',
      headers: { 'x-api-key': 'k-3', 'anthropic-version': '2023-06-01' },
      body: {
        model: 'claude-fake-1',
        max_tokens: 100,
        messages: [
          {
            role: 'user',
            content: [{ type: 'document', source: { type: 'base64', media_type: 'image/png', data: pngBase64 } }],
          },
        ],
      },
      refusal: "media_type: Input should be 'application/pdf'",
    },
    {
      name: 'Gemini refuses a MIME type it does not list',
      start: () => createFakeGeminiServer({ apiKey: 'k-4' }),
      path: '/v1beta/models/gemini-2.5-flash:generateContent',
      headers: { 'x-goog-api-key': 'k-4' },
      body: { contents: [{ role: 'user', parts: [{ inlineData: { mimeType: 'image/gif', data: pngBase64 } }] }] },
      refusal: 'Unsupported MIME type: image/gif',
    },
  ];
  for (const { name, start, path, headers, body, refusal } of refusals) {
    it(name, async () => {
      const server = await start();
      closers.push(() => server.close());
      const response = await post(`${server.url}${path}`, headers, body);
      expect(response.status).toBe(400);
      expect(response.text).toContain(refusal);
    });
  }
});
