import { createFakeOpenAIServer } from '@massgen/testing';
import { createOpenAIBackend } from './openai-backend.js';

/** The openai backend against the fake Responses API, as its test files start it with `useBackendServer`. */
export const openAITestServer = {
  type: 'openai',
  model: 'gpt-4.1',
  startServer: createFakeOpenAIServer,
  createBackend: createOpenAIBackend,
};
