import { createFakeOpenAIServer, backendSettings, countSdkLoads } from '@massgen/testing';
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
      const loads = await countSdkLoads(sdkLoads, () =>
        createBackend(
          backendSettings({ type: 'openai', model: 'gpt-5', options: { base_url: server.url, api_key: 'test-key' } }),
        ),
      );
      expect(loads).toMatchObject({ afterCreate: 0, afterCall: 1, lastPart: { type: 'finish' } });
    } finally {
      await server.close();
    }
  });
});
