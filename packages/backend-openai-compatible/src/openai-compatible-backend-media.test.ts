import type { BackendRequest, MediaPart } from '@massgen/core';
import { bytesPart, samplePdf, samplePng, sampleWav, urlPart } from '@massgen/testing';
import { expectMediaDelivered, expectMediaRefused, useBackendServer } from '@massgen/testing/vitest';
import { describe, expect, it } from 'vitest';
import { createOpenAICompatibleBackend } from './openai-compatible-backend.js';
import { chatCompletionTestServer } from './openai-compatible-test-server.js';

const { server, settings } = useBackendServer({ ...chatCompletionTestServer, agentId: 'agent-b' });

function ask(...media: MediaPart[]): BackendRequest {
  return { messages: [{ role: 'user', content: [{ type: 'text', text: 'Describe these.' }, ...media] }] };
}

const png = samplePng();
const pdf = samplePdf();
const wav = sampleWav();

describe('chatcompletion backend, media in Chat Completions', () => {
  it('sends image_url, file and input_audio parts that the server decodes to the same bytes', async () => {
    server.enqueue({ type: 'text', text: 'ok' });
    const media = [
      bytesPart('image', 'image/png', png),
      bytesPart('file', 'application/pdf', pdf, 'a.pdf'),
      bytesPart('audio', 'audio/wav', wav),
    ];
    await expectMediaDelivered(createOpenAICompatibleBackend(settings()).stream(ask(...media)), server, [
      { kind: 'image', mediaType: 'image/png', bytes: png },
      { kind: 'file', mediaType: 'application/pdf', bytes: pdf, filename: 'a.pdf' },
      { kind: 'audio', mediaType: 'audio/wav', bytes: wav },
    ]);
    const [request] = server.requests;
    expect(request?.api).toBe('chat-completions');
    const content = request?.messages[0]?.content as Array<{ type: string }>;
    expect(content.map((part) => part.type)).toEqual(['text', 'image_url', 'file', 'input_audio']);
  });

  it('refuses a recording by URL before the request: Chat Completions takes audio only as bytes', async () => {
    const recording = urlPart('audio', 'audio/mpeg', 'https://example.com/a.mp3');
    const error = await expectMediaRefused(
      createOpenAICompatibleBackend(settings()).stream(ask(recording)),
      'by URL',
      server,
    );
    expect(error.agentId).toBe('agent-b');
  });

  it('refuses a video, which Chat Completions has no part for, before the request', async () => {
    const video = bytesPart('file', 'video/mp4', png, 'clip.mp4');
    await expectMediaRefused(
      createOpenAICompatibleBackend(settings()).stream(ask(video)),
      '"clip.mp4" (video/mp4)',
      server,
    );
  });
});
