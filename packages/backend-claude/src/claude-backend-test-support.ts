import type { BackendSettings, Warning } from '@massgen/core';
import { createFakeAnthropicServer } from '@massgen/testing';
import type { FakeAnthropicServer } from '@massgen/testing';
import { useFakeServer } from '@massgen/testing/vitest';
import { beforeEach } from 'vitest';

const apiKey = 'sk-ant-test-key-123';

/**
 * Starts the fake Anthropic server around each test of the calling file; `settings` points a
 * Claude backend at it, and `warnings` collects what the backend warns about, emptied before each test.
 */
export function useClaudeBackendServer(): {
  server: FakeAnthropicServer;
  warnings: Warning[];
  settings: (options?: Record<string, unknown>) => BackendSettings;
} {
  const server = useFakeServer(() => createFakeAnthropicServer({ apiKey }));
  const warnings: Warning[] = [];
  beforeEach(() => {
    warnings.length = 0;
  });
  const settings = (options: Record<string, unknown> = {}): BackendSettings => ({
    agentId: 'agent-a',
    type: 'claude',
    model: 'claude-fake-1',
    options: { base_url: server.url, api_key: apiKey, ...options },
    env: {},
    warn: (warning) => warnings.push(warning),
  });
  return { server, warnings, settings };
}
