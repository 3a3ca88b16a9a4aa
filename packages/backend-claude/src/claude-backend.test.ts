import type { BackendRequest, Message } from '@massgen/core';
import { collectParts, scriptedToolCalls, signThinking, textOf, weatherTool } from '@massgen/testing';
import { expectBackendModule, itStreamsTurns, useBackendServer } from '@massgen/testing/vitest';
import { describe, expect, it, vi } from 'vitest';
import { createClaudeBackend } from './claude-backend.js';
import { claudeTestServer } from './claude-test-server.js';
import * as backendModule from './index.js';

const { server, settings } = useBackendServer(claudeTestServer);

const question: BackendRequest = { messages: [{ role: 'user', content: 'What is the capital of France?' }] };

describe('claude backend streaming', () => {
  itStreamsTurns({
    script: {
      // The usage part counts cache reads and writes as input.
      text: (text) =>
        server.enqueue({
          type: 'text',
          text,
          usage: { inputTokens: 20, outputTokens: 8, cacheReadInputTokens: 100, cacheCreationInputTokens: 30 },
        }),
      toolCalls: (text) => server.enqueue({ type: 'tool-use', text, calls: [...scriptedToolCalls] }),
    },
    stream: () => createClaudeBackend(settings()).stream(question),
    text: { usage: { inputTokens: 150, outputTokens: 8, cachedInputTokens: 100 }, rawReason: 'end_turn' },
    checkText: (parts) => expect(parts.some((part) => part.type === 'provider-metadata')).toBe(false),
    toolCalls: { ids: ['toolu_fake_0_0', 'toolu_fake_0_1', 'toolu_fake_0_2'], rawReason: 'tool_use' },
  });

  it("says the SDK's deprecation notice once, as the agent's warning, instead of printing it on every request", async () => {
    const printed = vi.spyOn(console, 'warn');
    try {
      server.enqueue({ type: 'text', text: 'Paris.' }, { type: 'text', text: 'Paris again.' });
      // The SDK lists this model as deprecated.
      const backend = createClaudeBackend({ ...settings(), model: 'claude-sonnet-4-5' });
      const first = await collectParts(backend.stream(question));
      const second = await collectParts(backend.stream(question));
      expect(printed).not.toHaveBeenCalled();
      expect(first.filter((part) => part.type === 'warning')).toEqual([
        {
          type: 'warning',
          warning: {
            code: 'provider-notice',
            message: expect.stringMatching(
              /^The Anthropic SDK says: The model 'claude-sonnet-4-5' is deprecated/,
            ) as unknown,
            agentId: 'agent-a',
          },
        },
      ]);
      expect(second.some((part) => part.type === 'warning')).toBe(false);
      expect(second.at(-1)?.type).toBe('finish');
    } finally {
      printed.mockRestore();
    }
  });

  it('maps thinking to reasoning deltas before the text, counts thinking tokens and returns the signed blocks as metadata', async () => {
    server.enqueue({
      type: 'text',
      thinking: 'Capital of France: Paris.',
      redactedThinking: 'opaque==',
      text: 'Paris.',
    });
    const parts = await collectParts(createClaudeBackend(settings()).stream(question));
    expect(textOf(parts, 'reasoning-delta')).toBe('Capital of France: Paris.');
    expect(parts.findLastIndex((part) => part.type === 'reasoning-delta')).toBeLessThan(
      parts.findIndex((part) => part.type === 'text-delta'),
    );
    expect(parts.find((part) => part.type === 'provider-metadata')).toEqual({
      type: 'provider-metadata',
      metadata: {
        claude: {
          thinking: [
            {
              type: 'thinking',
              thinking: 'Capital of France: Paris.',
              signature: signThinking('Capital of France: Paris.'),
            },
            { type: 'redacted_thinking', data: 'opaque==' },
          ],
        },
      },
    });
    const usage = parts.find((part) => part.type === 'usage');
    expect(usage?.type === 'usage' && usage.usage.reasoningTokens).toBeGreaterThan(0);
  });

  it('maps max_tokens, stop_sequence and refusal', async () => {
    server.enqueue(
      { type: 'text', text: 'Paris is', stopReason: 'max_tokens' },
      { type: 'text', text: 'One, two', stopReason: 'stop_sequence', stopSequence: 'three' },
      { type: 'text', text: '', stopReason: 'refusal' },
    );
    const backend = createClaudeBackend(settings());
    const finishes = [];
    for (let call = 0; call < 3; call += 1) finishes.push((await collectParts(backend.stream(question))).at(-1));
    expect(finishes).toEqual([
      { type: 'finish', reason: 'length', rawReason: 'max_tokens' },
      { type: 'finish', reason: 'stop', rawReason: 'stop_sequence' },
      { type: 'finish', reason: 'content-filter', rawReason: 'refusal' },
    ]);
  });
});

describe('claude backend thinking across a tool loop', () => {
  it('replays the signed thinking on the next call of the turn, which the API requires with tools', async () => {
    server.enqueue(
      {
        type: 'tool-use',
        thinking: 'I should check the weather tool.',
        calls: [{ name: 'get_weather', input: { city: 'Paris' } }],
      },
      { type: 'text', thinking: 'The tool says sunny.', text: 'Sunny in Paris.' },
    );
    const backend = createClaudeBackend(settings({ thinking: { type: 'enabled', budget_tokens: 2048 } }));
    const tools = [weatherTool];
    const first = await collectParts(backend.stream({ ...question, tools }));
    const call = first.find((part) => part.type === 'tool-call');
    const metadata = first.find((part) => part.type === 'provider-metadata');
    if (call?.type !== 'tool-call' || metadata?.type !== 'provider-metadata')
      throw new Error('expected a tool call and metadata');

    const history: Message[] = [
      ...question.messages,
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: call.id, name: call.name, input: call.input }],
        providerMetadata: metadata.metadata,
      },
      { role: 'tool', toolCallId: call.id, toolName: call.name, content: 'Sunny, 24°C' },
    ];
    const second = await collectParts(backend.stream({ messages: history, tools }));
    expect(second.find((part) => part.type === 'error')).toBeUndefined();
    expect(textOf(second, 'text-delta')).toBe('Sunny in Paris.');
    expect(server.requests[1]?.messages[1]).toEqual({
      role: 'assistant',
      content: [
        {
          type: 'thinking',
          thinking: 'I should check the weather tool.',
          signature: signThinking('I should check the weather tool.'),
        },
        { type: 'tool_use', id: 'toolu_fake_0_0', name: 'get_weather', input: { city: 'Paris' } },
      ],
    });
  });

  it('is refused by the API when the thinking is not replayed, as a bad request that is not retried', async () => {
    const backend = createClaudeBackend(settings({ thinking: { type: 'enabled', budget_tokens: 2048 } }));
    const parts = await collectParts(
      backend.stream({
        messages: [
          ...question.messages,
          { role: 'assistant', content: '', toolCalls: [{ id: 'toolu_1', name: 'get_weather', input: '{}' }] },
          { role: 'tool', toolCallId: 'toolu_1', toolName: 'get_weather', content: 'Sunny' },
        ],
        tools: [{ name: 'get_weather', description: 'Weather', inputSchema: { type: 'object' } }],
      }),
    );
    expect(parts.at(-1)).toMatchObject({
      type: 'error',
      error: { code: 'BACKEND_BAD_REQUEST', retryable: false, statusCode: 400 },
    });
    const error = parts.at(-1);
    expect(error?.type === 'error' && error.error.message).toContain('must start with a thinking block');
  });
});

describe('claude backend module', () => {
  it('exports what the runtime loader checks', () => {
    expectBackendModule(backendModule, settings(), { provider: 'claude', modelId: 'claude-fake-1' });
    expect(backendModule.optionsSchema?.safeParse({ thinking: { type: 'enabled', budget_tokens: 10 } }).success).toBe(
      false,
    );
  });

  it('refuses a configuration without a model, naming the key', () => {
    expect(() => createClaudeBackend({ ...settings(), model: '' })).toThrow(/backend\.model/);
  });
});
