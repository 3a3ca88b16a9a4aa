import type { BackendRequest, BackendSettings, StreamPart, Warning } from '@massgen/core';
import { createFakeOpenAIServer } from '@massgen/testing';
import type { FakeOpenAIServer } from '@massgen/testing';
import { useFakeServer } from '@massgen/testing/vitest';
import { beforeEach } from 'vitest';

export const apiKey = 'test-key-5c1e9a77';

/**
 * Starts the fake OpenAI server around each test of the calling file; `settings` points a
 * backend at it, and `warnings` collects what the backend warns about, emptied before each test.
 */
export function useOpenAIBackendServer(): {
  server: FakeOpenAIServer;
  warnings: Warning[];
  settings: (model: string, options?: Record<string, unknown>) => BackendSettings;
} {
  const server = useFakeServer(() => createFakeOpenAIServer({ apiKey }));
  const warnings: Warning[] = [];
  beforeEach(() => {
    warnings.length = 0;
  });
  const settings = (model: string, options: Record<string, unknown> = {}): BackendSettings => ({
    agentId: 'agent-a',
    type: 'openai',
    model,
    options: { base_url: server.url, api_key: apiKey, ...options },
    env: {},
    warn: (warning) => warnings.push(warning),
  });
  return { server, warnings, settings };
}

export function textOf(parts: StreamPart[], type: 'text-delta' | 'reasoning-delta'): string {
  return parts.map((part) => (part.type === type ? part.text : '')).join('');
}

export function warningsOf(parts: StreamPart[]): Warning[] {
  return parts.flatMap((part) => (part.type === 'warning' ? [part.warning] : []));
}

export const question: BackendRequest = { messages: [{ role: 'user', content: 'Weather in Paris?' }] };
export const weatherTool = {
  name: 'get_weather',
  description: 'Weather for a city',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
};
