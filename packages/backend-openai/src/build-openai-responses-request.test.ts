import { backendSettings } from '@massgen/testing';
import { describe, expect, it } from 'vitest';
import { buildOpenAIResponsesRequest } from './build-openai-responses-request.js';
import { parseOpenAIOptions, type OpenAIOptions } from './openai-options.js';

const options: OpenAIOptions = { ...parseOpenAIOptions(backendSettings({ type: 'openai' })), timeoutMs: 1000 };
const messages = [{ role: 'user' as const, content: 'Hi' }];

describe('buildOpenAIResponsesRequest', () => {
  it('sends the sampling settings under their Responses names', () => {
    const { body } = buildOpenAIResponsesRequest(
      { messages, settings: { temperature: 0.1, topP: 0.2, maxOutputTokens: 30 } },
      'gpt-4.1',
      options,
    );
    expect(body).toEqual({
      temperature: 0.1,
      top_p: 0.2,
      max_output_tokens: 30,
      store: false,
      model: 'gpt-4.1',
      input: messages,
      stream: true,
    });
  });

  it('asks reasoning models for encrypted reasoning unless OpenAI stores the response', () => {
    expect(buildOpenAIResponsesRequest({ messages }, 'gpt-5', options).body['include']).toEqual([
      'reasoning.encrypted_content',
    ]);
    expect(buildOpenAIResponsesRequest({ messages }, 'gpt-5', { ...options, store: true }).body).not.toHaveProperty(
      'include',
    );
    expect(buildOpenAIResponsesRequest({ messages }, 'gpt-4.1', options).body).not.toHaveProperty('include');
    expect(buildOpenAIResponsesRequest({ messages }, 'my-proxy-model', options).body).not.toHaveProperty('include');
  });

  it('lets the request’s effort replace the configured one, and passes other reasoning keys on', () => {
    const { body } = buildOpenAIResponsesRequest({ messages, settings: { reasoningEffort: 'high' } }, 'gpt-5', {
      ...options,
      reasoning: { effort: 'low', summary: 'auto' },
    });
    expect(body['reasoning']).toEqual({ summary: 'auto', effort: 'high' });
  });

  it('lets extra_body and then providerOptions override, except the fields the backend owns', () => {
    const { body, warnings } = buildOpenAIResponsesRequest(
      {
        messages,
        providerOptions: { store: true, tools: [] },
        tools: [{ name: 't', description: 'd', inputSchema: { type: 'object' } }],
        toolChoice: 'auto',
      },
      'gpt-4.1',
      { ...options, extraBody: { store: 'x', service_tier: 'flex' } },
    );
    expect(body).toMatchObject({
      store: true,
      service_tier: 'flex',
      tool_choice: 'auto',
      tools: [{ type: 'function', name: 't', description: 'd', parameters: { type: 'object' }, strict: false }],
    });
    expect(warnings.map((warning) => warning.path)).toEqual(['providerOptions.tools']);
  });
});
