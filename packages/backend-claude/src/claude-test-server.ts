import { createFakeAnthropicServer } from '@massgen/testing';
import { createClaudeBackend } from './claude-backend.js';

/** The claude backend against the fake Messages API, as its test files start it with `useBackendServer`. */
export const claudeTestServer = {
  type: 'claude',
  model: 'claude-fake-1',
  startServer: createFakeAnthropicServer,
  createBackend: createClaudeBackend,
};
