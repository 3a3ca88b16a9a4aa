import type { BackendSettings, MediaPart } from '@massgen/core';
import {
  backendSettings,
  bytesPart,
  collectParts,
  createFakeOpenAIServer,
  samplePdf,
  samplePng,
} from '@massgen/testing';
import { expectMediaRefused, useFakeServer } from '@massgen/testing/vitest';
import { describe, expect, it } from 'vitest';
import { createBackend } from './index.js';

const xaiKey = 'xai-test-media-3';
const server = useFakeServer(() => createFakeOpenAIServer({ apiKey: xaiKey }));

function settings(): BackendSettings {
  return backendSettings({
    agentId: 'agent-g',
    type: 'grok',
    model: 'grok-4-fast',
    options: { base_url: server.url },
    env: { XAI_API_KEY: xaiKey },
  });
}

function ask(part: MediaPart) {
  return { messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'What is this?' }, part] }] };
}

describe('grok backend, media', () => {
  it('sends a PNG as an image_url data URL', async () => {
    server.enqueue({ type: 'text', text: 'A square.' });
    const png = samplePng();
    await collectParts(createBackend(settings()).stream(ask(bytesPart('image', 'image/png', png))));
    expect(server.requests[0]?.media).toEqual([{ kind: 'image', mediaType: 'image/png', bytes: png }]);
  });

  it('refuses a PDF before the request, since xAI takes images only', async () => {
    const error = await expectMediaRefused(
      createBackend(settings()).stream(ask(bytesPart('file', 'application/pdf', samplePdf(), 'r.pdf'))),
      "xAI's Chat Completions API takes image/jpeg, image/png and text files",
      server,
    );
    expect(error.agentId).toBe('agent-g');
  });
});
