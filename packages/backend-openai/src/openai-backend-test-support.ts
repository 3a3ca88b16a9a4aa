import type { BackendRequest, BackendSettings, StreamPart, Warning } from '@massgen/core';
import type { FakeOpenAIServer } from '@massgen/testing';
import { useBackendServer } from '@massgen/testing/vitest';
import { openAITestServer } from './openai-test-server.js';

export const apiKey = 'test-key-5c1e9a77';

/**
 * Starts the fake OpenAI server around each test of the calling file; `settings` points a
 * backend with a model at it, and `warnings` collects what the backend warns about, emptied before each test.
 */
export function useOpenAIBackendServer(): {
  server: FakeOpenAIServer;
  warnings: Warning[];
  settings: (model: string, options?: Record<string, unknown>) => BackendSettings;
} {
  const { server, warnings, settings } = useBackendServer({ ...openAITestServer, apiKey });
  return { server, warnings, settings: (model, options = {}) => settings(options, { model }) };
}

export function warningsOf(parts: StreamPart[]): Warning[] {
  return parts.flatMap((part) => (part.type === 'warning' ? [part.warning] : []));
}

export const question: BackendRequest = { messages: [{ role: 'user', content: 'Weather in Paris?' }] };
