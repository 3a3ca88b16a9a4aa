import { commonOptionReadings, describeBackendOptions } from '@massgen/testing/vitest';
import { optionsSchema, parseOpenAIOptions } from './openai-options.js';

describeBackendOptions({ type: 'openai', model: 'gpt-5' }, parseOpenAIOptions, optionsSchema, {
  readings: [
    ...commonOptionReadings('https://proxy.example.com/v1'),
    [{ organization: 'org-1' }, { organization: 'org-1' }],
    [
      { api: 'chat', store: true, reasoning: { summary: 'concise', effort: 'low' }, text: { verbosity: 'high' } },
      { api: 'chat', store: true, reasoning: { summary: 'concise', effort: 'low' }, text: { verbosity: 'high' } },
    ],
    [
      { enable_web_search: true, enable_code_interpreter: false },
      { providerTools: { webSearch: true, codeInterpreter: false } },
    ],
  ],
  // The Responses API chosen automatically, nothing stored, ten minutes.
  defaults: {
    timeoutMs: 600_000,
    api: 'auto',
    store: false,
    reasoning: {},
    text: {},
    headers: {},
    extraBody: {},
    providerTools: { webSearch: false, codeInterpreter: false },
  },
  unknownKeys: { options: { provider: 'groq' }, hint: 'under extra_body' },
  rejections: [
    [{ reasoning: { summary: 'verbose' } }, 'backend.reasoning.summary: expected one of auto, concise, detailed'],
    [{ store: 'no' }, 'backend.store: expected true or false'],
  ],
  validates: { accepts: { api: 'responses', text: { verbosity: 'low' } }, refuses: { timeout_seconds: 0 } },
});
