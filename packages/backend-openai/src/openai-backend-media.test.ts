import type { BackendRequest, MediaPart } from '@massgen/core';
import { bytesPart, collectParts, samplePdf, samplePng, sampleWav, terminalError, urlPart } from '@massgen/testing';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expectMediaDelivered, expectMediaRefused, useBackendServer } from '@massgen/testing/vitest';
import { describe, expect, it } from 'vitest';
import { createOpenAIBackend } from './openai-backend.js';
import { openAITestServer } from './openai-test-server.js';

const { server, settings } = useBackendServer(openAITestServer);

function ask(...media: MediaPart[]): BackendRequest {
  return { messages: [{ role: 'user', content: [{ type: 'text', text: 'What do these show?' }, ...media] }] };
}

const png = samplePng();
const pdf = samplePdf();
const image = bytesPart('image', 'image/png', png);
const document = bytesPart('file', 'application/pdf', pdf, 'report.pdf');

describe('openai backend, media in the Responses API', () => {
  it('sends an image as input_image and a PDF as input_file, which the server decodes to the same bytes', async () => {
    server.enqueue({ type: 'text', text: 'A red square and a report.' });
    await expectMediaDelivered(createOpenAIBackend(settings()).stream(ask(image, document)), server, [
      { kind: 'image', mediaType: 'image/png', bytes: png },
      { kind: 'file', mediaType: 'application/pdf', bytes: pdf, filename: 'report.pdf' },
    ]);
    const [request] = server.requests;
    const content = (request?.body['input'] as Array<{ content: Array<{ type: string }> }>)[0]?.content;
    expect(content?.map((part) => part.type)).toEqual(['input_text', 'input_image', 'input_file']);
  });

  it('passes an image URL on for OpenAI to fetch, and puts a text file into the message', async () => {
    server.enqueue({ type: 'text', text: 'ok' });
    const notes = bytesPart('file', 'text/markdown', Buffer.from('# Budget\nTwelve euros.'), 'notes.md');
    const remote = urlPart('image', 'image/jpeg', 'https://example.com/cat.jpg');
    await collectParts(createOpenAIBackend(settings()).stream(ask(remote, notes)));
    expect(server.requests[0]?.media).toEqual([
      { kind: 'image', mediaType: 'image/*', url: 'https://example.com/cat.jpg' },
    ]);
    expect(JSON.stringify(server.requests[0]?.body)).toContain('Twelve euros.');
  });

  it('reads a part given as a path', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'massgen-openai-media-'));
    writeFileSync(path.join(directory, 'square.png'), png);
    server.enqueue({ type: 'text', text: 'ok' });
    const fromFile: MediaPart = {
      type: 'image',
      mediaType: 'image/png',
      data: { type: 'path', path: path.join(directory, 'square.png') },
    };
    await collectParts(createOpenAIBackend(settings()).stream(ask(fromFile)));
    expect(server.requests[0]?.media[0]?.bytes).toEqual(png);
  });

  it('refuses audio before any request, naming the agent, the API and the file', async () => {
    const recording = bytesPart('audio', 'audio/wav', sampleWav(), 'memo.wav');
    const error = await expectMediaRefused(
      createOpenAIBackend(settings()).stream(ask(recording)),
      '"memo.wav" (audio/wav)',
      server,
    );
    expect(error).toMatchObject({ agentId: 'agent-a', retryable: false });
    expect(error.message).toContain("OpenAI's Responses API takes");
  });

  it('says which file is missing, before any request', async () => {
    const missing: MediaPart = {
      type: 'image',
      mediaType: 'image/png',
      data: { type: 'path', path: '/nonexistent/massgen/square.png' },
    };
    const error = terminalError(await collectParts(createOpenAIBackend(settings()).stream(ask(missing))));
    expect(error).toMatchObject({ code: 'MEDIA_INVALID' });
    expect(error.message).toContain('/nonexistent/massgen/square.png: no such file');
    expect(server.requests).toHaveLength(0);
  });
});
