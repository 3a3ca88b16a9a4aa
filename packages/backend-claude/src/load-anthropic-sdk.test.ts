import { createFakeAnthropicServer, backendSettings, countSdkLoads } from '@massgen/testing';
import { describe, expect, it, vi } from 'vitest';
import { createBackend } from './index.js';

const sdkLoads = vi.hoisted(() => ({ count: 0 }));

vi.mock('@anthropic-ai/sdk', async (importOriginal) => {
  sdkLoads.count += 1;
  return importOriginal();
});

describe('loading the Anthropic SDK', () => {
  it('waits for the first model call, not the package import or backend creation', async () => {
    const server = await createFakeAnthropicServer();
    try {
      const loads = await countSdkLoads(sdkLoads, () =>
        createBackend(backendSettings({ type: 'claude', model: 'claude-fake-1', options: { base_url: server.url } })),
      );
      expect(loads).toMatchObject({ afterCreate: 0, afterCall: 1, lastPart: { type: 'finish' } });
    } finally {
      await server.close();
    }
  });
});
