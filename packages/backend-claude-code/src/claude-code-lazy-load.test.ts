import { describe, expect, it, vi } from 'vitest';
import { createBackend } from './index.js';

const sdkLoads = vi.hoisted(() => ({ count: 0 }));

vi.mock('@anthropic-ai/claude-agent-sdk', async (importOriginal) => {
  sdkLoads.count += 1;
  return importOriginal();
});

describe('loading the Claude Agent SDK', () => {
  it('waits for the first turn, not the package import or the backend creation', async () => {
    const backend = createBackend({
      agentId: 'coder',
      type: 'claude_code',
      model: 'claude-fake-1',
      // A local server needs no key, and a missing executable ends the turn before any request.
      options: { base_url: 'http://127.0.0.1:9', cli_path: '/nonexistent/claude' },
      env: {},
      warn: () => {},
    });
    expect(sdkLoads.count).toBe(0);
    const parts = [];
    for await (const part of backend.stream({ messages: [{ role: 'user', content: 'Hi' }] })) parts.push(part);
    expect(parts.at(-1)).toMatchObject({ type: 'error', error: { code: 'PLUGIN_NOT_FOUND' } });
    expect(sdkLoads.count).toBe(1);
  });
});
