import { commonOptionReadings, describeBackendOptions } from '@massgen/testing/vitest';
import { optionsSchema, parseOpenAICompatibleOptions } from './openai-compatible-options.js';

describeBackendOptions({ type: 'chatcompletion', model: 'm' }, parseOpenAICompatibleOptions, optionsSchema, {
  readings: [
    ...commonOptionReadings('https://api.example.com/v1'),
    [{ provider: 'together' }, { provider: 'together' }],
    [{ parallel_tool_calls: false }, { parallelToolCalls: false }],
    [{ enable_web_search: true }, { webSearch: true }],
    // A server's own request fields, which only a backend built on this one defines.
    [{}, { serverFields: {} }],
  ],
  defaults: { timeoutMs: 600_000, headers: {}, extraBody: {}, serverFields: {}, webSearch: false },
  unknownKeys: { options: { enable_code_execution: true, temprature: 0.2 }, hint: 'extra_body' },
  rejections: [
    [{ timeout_seconds: 'soon' }, 'backend.timeout_seconds: expected a number of seconds'],
    [{ timeout_seconds: -1 }, 'backend.timeout_seconds: expected a positive number of seconds'],
    [{ base_url: 'ftp://example.com' }, 'backend.base_url: expected an http(s) URL'],
    [{ headers: { 'x-a': 1 } }, 'backend.headers.x-a: expected the header value as a string'],
    [{ provider: 'acme' }, 'backend.provider: expected one of groq, together, openrouter, cerebras, fireworks'],
  ],
  validates: { accepts: { base_url: 'http://localhost:8000/v1', something_else: 1 }, refuses: { extra_body: 'x' } },
});
