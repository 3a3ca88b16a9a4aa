import { createFakeOpenAIServer } from '@massgen/testing';
import { createOpenAICompatibleBackend } from './openai-compatible-backend.js';

/** The chatcompletion backend against the fake Chat Completions API, as its test files start it with `useBackendServer`. */
export const chatCompletionTestServer = {
  type: 'chatcompletion',
  model: 'fake-model',
  startServer: createFakeOpenAIServer,
  createBackend: createOpenAICompatibleBackend,
};
