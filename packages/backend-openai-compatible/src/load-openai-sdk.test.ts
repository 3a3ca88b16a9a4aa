import type { StreamPart } from '@massgen/core';
import { createFakeOpenAIServer } from '@massgen/testing';
import { describe, expect, it, vi } from 'vitest';
import { createBackend } from './index.js';

const sdkLoads = vi.hoisted(() => ({ count: 0 }));

vi.mock('openai', async (importOriginal) => {
  sdkLoads.count += 1;
  return importOriginal();
});

describe('loading the openai SDK', () => {
  it('waits for the first model call, not the package import or backend creation', async () => {
    const server = await createFakeOpenAIServer();
    try {
      const backend = createBackend({
        agentId: 'a',
        type: 'chatcompletion',
        model: 'fake-model',
        options: { base_url: server.url },
        env: {},
        warn: () => {},
      });
      expect(sdkLoads.count).toBe(0);
      const parts: StreamPart[] = [];
      for await (const part of backend.stream({ messages: [{ role: 'user', content: 'Hi' }] })) parts.push(part);
      expect(parts.at(-1)?.type).toBe('finish');
      expect(sdkLoads.count).toBe(1);
    } finally {
      await server.close();
    }
  });
});
