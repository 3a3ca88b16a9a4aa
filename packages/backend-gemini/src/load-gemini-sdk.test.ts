import { createFakeGeminiServer, backendSettings, countSdkLoads } from '@massgen/testing';
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
      const loads = await countSdkLoads(sdkLoads, () =>
        createBackend(
          backendSettings({
            type: 'gemini',
            model: 'gemini-2.5-flash',
            options: { base_url: server.url, api_key: 'AIzaKey' },
          }),
        ),
      );
      expect(loads).toMatchObject({ afterCreate: 0, afterCall: 1, lastPart: { type: 'finish' } });
    } finally {
      await server.close();
    }
  });
});
