import type { BackendRequest, StreamPart, Warning } from '@massgen/core';
import { collectParts, weatherTool } from '@massgen/testing';
import { useBackendServer } from '@massgen/testing/vitest';
import { describe, expect, it } from 'vitest';
import { createClaudeBackend } from './claude-backend.js';
import { claudeTestServer } from './claude-test-server.js';

const { server, warnings, settings, apiKey } = useBackendServer(claudeTestServer);

function warningsIn(parts: StreamPart[]): Warning[] {
  return parts.flatMap((part) => (part.type === 'warning' ? [part.warning] : []));
}

function lastBody(): Record<string, unknown> {
  const body = server.requests.at(-1)?.body;
  if (body === undefined) throw new Error('no request reached the server');
  return body;
}

const question: BackendRequest = { messages: [{ role: 'user', content: 'Weather in Paris?' }] };

describe('claude backend request body', () => {
  it('sends the system prompt, settings, tools, headers and a history whose tool results share one user turn', async () => {
    const backend = createClaudeBackend(
      settings({
        headers: { 'x-team': 'massgen' },
        betas: ['beta-one', 'beta-two'],
        top_k: 20,
        extra_body: { metadata: { user_id: 'user-1' } },
      }),
    );
    const parts = await collectParts(
      backend.stream({
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Weather and time in Paris?' },
          {
            role: 'assistant',
            content: 'Checking both.',
            toolCalls: [
              { id: 'toolu_1', name: 'get_weather', input: '{"city":"Paris"}' },
              { id: 'toolu_2', name: 'get_time', input: '' },
            ],
          },
          { role: 'tool', toolCallId: 'toolu_1', toolName: 'get_weather', content: 'Sunny' },
          { role: 'tool', toolCallId: 'toolu_2', toolName: 'get_time', content: 'Clock unavailable', isError: true },
          { role: 'user', content: 'Keep it short.' },
        ],
        tools: [weatherTool, { name: 'get_time', description: 'Time now', inputSchema: { properties: {} } }],
        toolChoice: 'required',
        settings: { temperature: 0.3, maxOutputTokens: 500, stopSequences: ['END'] },
        providerOptions: { service_tier: 'standard_only' },
      }),
    );
    expect(parts.at(-1)?.type).toBe('finish');
    expect(lastBody()).toEqual({
      model: 'claude-fake-1',
      max_tokens: 500,
      stream: true,
      system: 'Be brief.',
      temperature: 0.3,
      top_k: 20,
      stop_sequences: ['END'],
      tools: [
        {
          name: 'get_weather',
          description: 'Weather for a city',
          input_schema: { type: 'object', properties: { city: { type: 'string' } } },
        },
        { name: 'get_time', description: 'Time now', input_schema: { type: 'object', properties: {} } },
      ],
      tool_choice: { type: 'any' },
      metadata: { user_id: 'user-1' },
      service_tier: 'standard_only',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Weather and time in Paris?' }] },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Checking both.' },
            { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
            { type: 'tool_use', id: 'toolu_2', name: 'get_time', input: {} },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: 'Sunny' },
            { type: 'tool_result', tool_use_id: 'toolu_2', content: 'Clock unavailable', is_error: true },
            { type: 'text', text: 'Keep it short.' },
          ],
        },
      ],
    });
    const headers = server.requests.at(-1)?.headers ?? {};
    // SDK 1.x sends the API key as a bearer token rather than in x-api-key.
    expect(headers).toMatchObject({
      authorization: `Bearer ${apiKey}`,
      'x-team': 'massgen',
      'anthropic-beta': 'beta-one,beta-two',
    });
    expect(headers['anthropic-version']).toBeDefined();
    expect(warningsIn(parts)).toEqual([]);
  });

  it('asks for 4096 output tokens and no sampling fields when nothing is configured, and maps the tool choices', async () => {
    const backend = createClaudeBackend(settings());
    await collectParts(backend.stream(question));
    expect(lastBody()).toEqual({
      model: 'claude-fake-1',
      max_tokens: 4096,
      stream: true,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] }],
    });
    await collectParts(backend.stream({ ...question, tools: [weatherTool], toolChoice: 'none' }));
    expect(lastBody()['tool_choice']).toEqual({ type: 'none' });
    await collectParts(backend.stream({ ...question, toolChoice: 'required' }));
    expect(lastBody()['tool_choice']).toBeUndefined();
  });

  it('keeps temperature over top_p, which Claude refuses together, warning once per backend', async () => {
    const backend = createClaudeBackend(settings());
    const request = { ...question, settings: { temperature: 0.5, topP: 0.9, seed: 7 } };
    const first = await collectParts(backend.stream(request));
    const second = await collectParts(backend.stream(request));
    expect(first.at(-1)?.type).toBe('finish');
    expect(lastBody()).toMatchObject({ temperature: 0.5 });
    expect(lastBody()['top_p']).toBeUndefined();
    expect(warningsIn(first).map((warning) => warning.path)).toEqual(['backend.top_p', 'backend.seed']);
    expect(
      warningsIn(first).every((warning) => warning.agentId === 'agent-a' && warning.code === 'unsupported-setting'),
    ).toBe(true);
    expect(warningsIn(second)).toEqual([]);
  });

  it('sends top_p alone when it is the only sampling setting', async () => {
    await collectParts(createClaudeBackend(settings()).stream({ ...question, settings: { topP: 0.8 } }));
    expect(lastBody()['top_p']).toBe(0.8);
  });

  it('turns a reasoning effort into a thinking budget, leaves out the sampling thinking forbids and asks for tools with auto', async () => {
    const backend = createClaudeBackend(settings({ top_k: 5 }));
    const parts = await collectParts(
      backend.stream({
        ...question,
        tools: [weatherTool],
        toolChoice: 'required',
        settings: { reasoningEffort: 'medium', temperature: 0.2 },
      }),
    );
    expect(parts.at(-1)?.type).toBe('finish');
    expect(lastBody()).toMatchObject({
      thinking: { type: 'enabled', budget_tokens: 8192 },
      max_tokens: 8192 + 4096,
      tool_choice: { type: 'auto' },
    });
    expect(lastBody()['temperature']).toBeUndefined();
    expect(lastBody()['top_k']).toBeUndefined();
    expect(warningsIn(parts).map((warning) => warning.message)).toEqual([
      'Claude does not accept temperature and top_k while it thinks; they were left out.',
      'Claude cannot be forced to call a tool while it thinks; the tool choice "required" was sent as "auto".',
    ]);
  });

  it('lowers a thinking budget that max_tokens cannot hold, so the API accepts the request', async () => {
    const parts = await collectParts(
      createClaudeBackend(settings({ max_thinking_tokens: 6000 })).stream({
        ...question,
        settings: { maxOutputTokens: 5000 },
      }),
    );
    expect(parts.at(-1)?.type).toBe('finish');
    expect(lastBody()).toMatchObject({ thinking: { type: 'enabled', budget_tokens: 2500 }, max_tokens: 5000 });
    expect(warningsIn(parts)[0]?.path).toBe('backend.max_tokens');
  });

  it('sends adaptive thinking with the effort as output_config', async () => {
    await collectParts(
      createClaudeBackend(settings({ thinking: { type: 'adaptive' } })).stream({
        ...question,
        settings: { reasoningEffort: 'high' },
      }),
    );
    expect(lastBody()).toMatchObject({
      thinking: { type: 'adaptive' },
      output_config: { effort: 'high' },
      max_tokens: 16_384,
    });
  });

  it('ignores request fields the backend owns, with a warning naming them', async () => {
    const parts = await collectParts(
      createClaudeBackend(settings({ extra_body: { model: 'claude-other', stream: false } })).stream(question),
    );
    expect(lastBody()).toMatchObject({ model: 'claude-fake-1', stream: true });
    expect(warningsIn(parts).map((warning) => warning.path)).toEqual([
      'backend.extra_body.model',
      'backend.extra_body.stream',
    ]);
  });

  it('warns at creation about options it does not know, naming each', () => {
    createClaudeBackend(settings({ enable_code_interpreter: true, temprature: 0.2 }));
    expect(warnings.map((warning) => warning.path)).toEqual(['backend.enable_code_interpreter', 'backend.temprature']);
  });
});
