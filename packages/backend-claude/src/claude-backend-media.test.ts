import type { BackendRequest, MediaPart } from '@massgen/core';
import { bytesPart, collectParts, samplePdf, samplePng, sampleWav, terminalError, urlPart } from '@massgen/testing';
import { expectMediaDelivered, expectMediaRefused, useBackendServer } from '@massgen/testing/vitest';
import { describe, expect, it } from 'vitest';
import { createClaudeBackend } from './claude-backend.js';
import { claudeTestServer } from './claude-test-server.js';

const { server, settings } = useBackendServer({ ...claudeTestServer, agentId: 'agent-c' });

function ask(...media: MediaPart[]): BackendRequest {
  return { messages: [{ role: 'user', content: [{ type: 'text', text: 'Summarise these.' }, ...media] }] };
}

const png = samplePng();
const pdf = samplePdf();

describe('claude backend, media in the Messages API', () => {
  it('sends an image block and a PDF document block that the server decodes to the same bytes', async () => {
    server.enqueue({ type: 'text', text: 'ok' });
    const stream = createClaudeBackend(settings()).stream(
      ask(bytesPart('image', 'image/png', png), bytesPart('file', 'application/pdf', pdf, 'plan.pdf')),
    );
    await expectMediaDelivered(stream, server, [
      { kind: 'image', mediaType: 'image/png', bytes: png },
      { kind: 'file', mediaType: 'application/pdf', bytes: pdf, filename: 'plan.pdf' },
    ]);
    const blocks = server.requests[0]?.messages[0]?.content as Array<{ type: string }>;
    expect(blocks.map((block) => block.type)).toEqual(['text', 'image', 'document']);
  });

  it('sends a text file as a plain-text document and a URL as a url source', async () => {
    server.enqueue({ type: 'text', text: 'ok' });
    await collectParts(
      createClaudeBackend(settings()).stream(
        ask(
          bytesPart('file', 'text/csv', Buffer.from('a,b\n1,2\n'), 'costs.csv'),
          urlPart('image', 'image/png', 'https://example.com/chart.png'),
        ),
      ),
    );
    expect(server.requests[0]?.media).toEqual([
      { kind: 'file', mediaType: 'text/plain', bytes: Buffer.from('a,b\n1,2\n'), filename: 'costs.csv' },
      { kind: 'image', mediaType: 'image/*', url: 'https://example.com/chart.png' },
    ]);
  });

  it('refuses audio before the request, naming the agent and what Claude takes', async () => {
    const error = await expectMediaRefused(
      createClaudeBackend(settings()).stream(ask(bytesPart('audio', 'audio/wav', sampleWav(), 'memo.wav'))),
      "Claude's Messages API takes image/jpeg, image/png, image/gif, image/webp, application/pdf",
      server,
    );
    expect(error).toMatchObject({ agentId: 'agent-c', provider: 'claude' });
  });

  it('refuses a text file that is not UTF-8, naming it', async () => {
    const error = terminalError(
      await collectParts(
        createClaudeBackend(settings()).stream(
          ask(bytesPart('file', 'text/plain', Buffer.from([0xff, 0xfe, 0x00, 0xd8]), 'bad.txt')),
        ),
      ),
    );
    expect(error).toMatchObject({ code: 'MEDIA_INVALID' });
    expect(error.message).toContain('"bad.txt" (text/plain) is not UTF-8 text');
    expect(server.requests).toHaveLength(0);
  });
});
