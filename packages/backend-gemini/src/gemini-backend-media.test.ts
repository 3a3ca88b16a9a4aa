import type { BackendRequest, MediaPart } from '@massgen/core';
import { bytesPart, collectParts, samplePdf, samplePng, sampleWav, terminalError, urlPart } from '@massgen/testing';
import { useBackendServer } from '@massgen/testing/vitest';
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
    const parts = await collectParts(
      createGeminiBackend(settings()).stream(
        ask(
          bytesPart('image', 'image/png', png),
          bytesPart('file', 'application/pdf', pdf),
          bytesPart('audio', 'audio/wav', wav),
        ),
      ),
    );
    expect(parts.at(-1)).toMatchObject({ type: 'finish', reason: 'stop' });
    expect(server.requests[0]?.media).toEqual([
      { kind: 'image', mediaType: 'image/png', bytes: png },
      { kind: 'file', mediaType: 'application/pdf', bytes: pdf },
      { kind: 'audio', mediaType: 'audio/wav', bytes: wav },
    ]);
  });

  it('refuses a web URL before the request: Gemini reads only its own file URIs', async () => {
    const error = terminalError(
      await collectParts(
        createGeminiBackend(settings()).stream(ask(urlPart('image', 'image/png', 'https://example.com/a.png'))),
      ),
    );
    expect(error).toMatchObject({ code: 'MEDIA_UNSUPPORTED', agentId: 'agent-d' });
    expect(error.message).toContain('by URL');
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a GIF, which Gemini does not list, before the request', async () => {
    const error = terminalError(
      await collectParts(
        createGeminiBackend(settings()).stream(ask(bytesPart('image', 'image/gif', Buffer.from('GIF89a'), 'spin.gif'))),
      ),
    );
    expect(error.code).toBe('MEDIA_UNSUPPORTED');
    expect(error.message).toContain('"spin.gif" (image/gif)');
    expect(server.requests).toHaveLength(0);
  });
});
