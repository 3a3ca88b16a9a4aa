import type { BackendRequest, MediaPart } from '@massgen/core';
import { collectParts, samplePdf, samplePng, sampleWav, terminalError } from '@massgen/testing';
import { useBackendServer } from '@massgen/testing/vitest';
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
    const parts = await collectParts(
      createOpenAICompatibleBackend(settings()).stream(
        ask(
          { type: 'image', mediaType: 'image/png', data: { type: 'bytes', bytes: png } },
          { type: 'file', mediaType: 'application/pdf', filename: 'a.pdf', data: { type: 'bytes', bytes: pdf } },
          { type: 'audio', mediaType: 'audio/wav', data: { type: 'bytes', bytes: wav } },
        ),
      ),
    );
    expect(parts.at(-1)).toMatchObject({ type: 'finish', reason: 'stop' });
    const [request] = server.requests;
    expect(request?.api).toBe('chat-completions');
    expect(request?.media).toEqual([
      { kind: 'image', mediaType: 'image/png', bytes: png },
      { kind: 'file', mediaType: 'application/pdf', bytes: pdf, filename: 'a.pdf' },
      { kind: 'audio', mediaType: 'audio/wav', bytes: wav },
    ]);
    const content = request?.messages[0]?.content as Array<{ type: string }>;
    expect(content.map((part) => part.type)).toEqual(['text', 'image_url', 'file', 'input_audio']);
  });

  it('refuses a recording by URL before the request: Chat Completions takes audio only as bytes', async () => {
    const error = terminalError(
      await collectParts(
        createOpenAICompatibleBackend(settings()).stream(
          ask({ type: 'audio', mediaType: 'audio/mpeg', data: { type: 'url', url: 'https://example.com/a.mp3' } }),
        ),
      ),
    );
    expect(error).toMatchObject({ code: 'MEDIA_UNSUPPORTED', agentId: 'agent-b' });
    expect(error.message).toContain('by URL');
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a video, which Chat Completions has no part for, before the request', async () => {
    const error = terminalError(
      await collectParts(
        createOpenAICompatibleBackend(settings()).stream(
          ask({ type: 'file', mediaType: 'video/mp4', filename: 'clip.mp4', data: { type: 'bytes', bytes: png } }),
        ),
      ),
    );
    expect(error.code).toBe('MEDIA_UNSUPPORTED');
    expect(error.message).toContain('"clip.mp4" (video/mp4)');
    expect(server.requests).toHaveLength(0);
  });
});
