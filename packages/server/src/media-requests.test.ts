import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePdf, samplePng, sampleWav } from '@massgen/testing';
import { startTestServer } from './server-test-support.js';
import type { TestServer } from './server-test-support.js';

let harness: TestServer;

beforeAll(async () => {
  harness = await startTestServer({ server: { limits: { maxAttachments: 3, maxAttachmentBytes: 64 * 1024 } } });
});

afterAll(async () => {
  await harness.close();
});

const png = samplePng();
const dataUrl = (type: string, bytes: Buffer): string => `data:${type};base64,${bytes.toString('base64')}`;

async function post(content: unknown[]): Promise<{ status: number; body: { error?: Record<string, unknown> } }> {
  const response = await fetch(`${harness.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'massgen', messages: [{ role: 'user', content }] }),
  });
  return { status: response.status, body: (await response.json()) as { error?: Record<string, unknown> } };
}

describe('media in chat completion requests', () => {
  it('passes image_url, input_audio and file parts to every agent as their own bytes', async () => {
    const before = harness.upstream.requests.length;
    const wav = sampleWav();
    const pdf = samplePdf();
    const completion = await harness.client.chat.completions.create({
      model: 'massgen',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is in these?' },
            { type: 'image_url', image_url: { url: dataUrl('image/png', png) } },
            { type: 'input_audio', input_audio: { data: wav.toString('base64'), format: 'wav' } },
            { type: 'file', file: { filename: 'brief.pdf', file_data: dataUrl('application/pdf', pdf) } },
          ],
        },
      ],
    });
    expect(completion.choices[0]?.message.content).toBe('The answer is 4.');
    const requests = harness.upstream.requests.slice(before);
    expect(new Set(requests.map((request) => request.model))).toEqual(new Set(['model-a', 'model-b', 'model-c']));
    for (const request of requests) {
      expect(request.media).toEqual([
        { kind: 'image', mediaType: 'image/png', bytes: png },
        { kind: 'audio', mediaType: 'audio/wav', bytes: wav },
        { kind: 'file', mediaType: 'application/pdf', bytes: pdf, filename: 'brief.pdf' },
      ]);
    }
  });

  it.each([
    {
      name: 'more attachments than the limit',
      content: Array.from({ length: 4 }, () => ({ type: 'image_url', image_url: { url: dataUrl('image/png', png) } })),
      status: 400,
      code: 'too_many_attachments',
      param: 'messages[0].content[3]',
    },
    {
      name: 'an image over the size limit',
      content: [
        { type: 'image_url', image_url: { url: dataUrl('image/png', Buffer.concat([png, Buffer.alloc(70 * 1024)])) } },
      ],
      status: 413,
      code: 'attachment_too_large',
      param: 'messages[0].content[0].image_url.url',
    },
    {
      name: 'data that is not base64',
      content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,not base64!' } }],
      status: 400,
      code: 'invalid_value',
      param: 'messages[0].content[0].image_url.url',
    },
    {
      name: 'a PDF sent as an image',
      content: [{ type: 'image_url', image_url: { url: dataUrl('image/png', samplePdf()) } }],
      status: 400,
      code: 'unsupported_content',
      param: 'messages[0].content[0].image_url.url',
    },
    {
      name: 'a file by id',
      content: [{ type: 'file', file: { file_id: 'file-123' } }],
      status: 400,
      code: 'missing_required_parameter',
      param: 'messages[0].content[0].file.file_data',
    },
    {
      name: 'an image URL whose name says no type',
      content: [
        { type: 'text', text: 'q' },
        { type: 'image_url', image_url: { url: 'https://example.com/picture' } },
      ],
      status: 400,
      code: 'invalid_value',
      param: 'messages[0].content[1].image_url.url',
    },
  ])('refuses $name with $status before any agent runs', async ({ content, status, code, param }) => {
    const before = harness.upstream.requests.length;
    const response = await post(content);
    expect(response.status).toBe(status);
    expect(response.body.error).toMatchObject({ type: 'invalid_request_error', code, param });
    expect(harness.upstream.requests.length).toBe(before);
  });
});
