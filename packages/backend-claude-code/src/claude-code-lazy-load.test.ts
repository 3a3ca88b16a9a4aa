import { backendSettings, countSdkLoads } from '@massgen/testing';
import { describe, expect, it, vi } from 'vitest';
import { createBackend } from './index.js';

const sdkLoads = vi.hoisted(() => ({ count: 0 }));

vi.mock('@anthropic-ai/claude-agent-sdk', async (importOriginal) => {
  sdkLoads.count += 1;
  return importOriginal();
});

describe('loading the Claude Agent SDK', () => {
  it('waits for the first turn, not the package import or the backend creation', async () => {
    const loads = await countSdkLoads(sdkLoads, () =>
      createBackend(
        backendSettings({
          type: 'claude_code',
          model: 'claude-fake-1',
          // A local server needs no key, and a missing executable ends the turn before any request.
          options: { base_url: 'http://127.0.0.1:9', cli_path: '/nonexistent/claude' },
        }),
      ),
    );
    expect(loads).toMatchObject({
      afterCreate: 0,
      afterCall: 1,
      lastPart: { type: 'error', error: { code: 'PLUGIN_NOT_FOUND' } },
    });
  });
});
