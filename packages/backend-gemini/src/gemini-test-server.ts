import { createFakeGeminiServer } from '@massgen/testing';
import { createGeminiBackend } from './gemini-backend.js';

/** The gemini backend against the fake Gemini API, as its test files start it with `useBackendServer`. */
export const geminiTestServer = {
  type: 'gemini',
  model: 'gemini-2.5-flash',
  startServer: createFakeGeminiServer,
  createBackend: createGeminiBackend,
};
