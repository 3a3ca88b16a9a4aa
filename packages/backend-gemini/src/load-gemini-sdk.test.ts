import type { StreamPart } from '@massgen/core';
import { createFakeGeminiServer } from '@massgen/testing';
import { describe, expect, it, vi } from 'vitest';
import { createBackend } from './index.js';

const sdkLoads = vi.hoisted(() => ({ count: 0 }));

vi.mock('@google/genai', async (importOriginal) => {
  sdkLoads.count += 1;
  return importOriginal();
});

describe('loading @google/genai', () => {
  it('waits for the first model call, not the package import or backend creation', async () => {
    const server = await createFakeGeminiServer();
    try {
      const backend = createBackend({
        agentId: 'a',
        type: 'gemini',
        model: 'gemini-2.5-flash',
        options: { base_url: server.url, api_key: 'AIzaKey' },
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
