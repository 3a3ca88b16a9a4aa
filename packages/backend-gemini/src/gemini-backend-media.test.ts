import type { BackendRequest, MediaPart } from '@massgen/core';
import { bytesPart, samplePdf, samplePng, sampleWav, urlPart } from '@massgen/testing';
import { expectMediaDelivered, expectMediaRefused, useBackendServer } from '@massgen/testing/vitest';
import { describe, expect, it } from 'vitest';
import { createGeminiBackend } from './gemini-backend.js';
import { geminiTestServer } from './gemini-test-server.js';

const { server, settings } = useBackendServer({ ...geminiTestServer, agentId: 'agent-d' });

function ask(...media: MediaPart[]): BackendRequest {
  return { messages: [{ role: 'user', content: [{ type: 'text', text: 'What do you get?' }, ...media] }] };
}

describe('gemini backend, media as inline data', () => {
  it('sends an image, a PDF and a recording as inlineData that the server decodes to the same bytes', async () => {
    server.enqueue({ type: 'text', text: 'ok' });
    const png = samplePng();
    const pdf = samplePdf();
    const wav = sampleWav();
    const stream = createGeminiBackend(settings()).stream(
      ask(
        bytesPart('image', 'image/png', png),
        bytesPart('file', 'application/pdf', pdf),
        bytesPart('audio', 'audio/wav', wav),
      ),
    );
    await expectMediaDelivered(stream, server, [
      { kind: 'image', mediaType: 'image/png', bytes: png },
      { kind: 'file', mediaType: 'application/pdf', bytes: pdf },
      { kind: 'audio', mediaType: 'audio/wav', bytes: wav },
    ]);
  });

  it('refuses a web URL before the request: Gemini reads only its own file URIs', async () => {
    const image = urlPart('image', 'image/png', 'https://example.com/a.png');
    const error = await expectMediaRefused(createGeminiBackend(settings()).stream(ask(image)), 'by URL', server);
    expect(error.agentId).toBe('agent-d');
  });

  it('refuses a GIF, which Gemini does not list, before the request', async () => {
    const gif = bytesPart('image', 'image/gif', Buffer.from('GIF89a'), 'spin.gif');
    await expectMediaRefused(createGeminiBackend(settings()).stream(ask(gif)), '"spin.gif" (image/gif)', server);
  });
});
