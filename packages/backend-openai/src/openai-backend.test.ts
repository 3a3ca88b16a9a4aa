import { collectParts, createTeamResponder, textOf, weatherTool } from '@massgen/testing';
import { expectBackendModule, itStreamsTurns, openAIStreamedTurns } from '@massgen/testing/vitest';
import { describe, expect, it } from 'vitest';
import * as openAIModule from './index.js';
import { createOpenAIBackend } from './openai-backend.js';
import { question, useOpenAIBackendServer } from './openai-backend-test-support.js';

const { server, warnings, settings } = useOpenAIBackendServer();

describe('openai backend, Responses API streaming', () => {
  itStreamsTurns({
    script: openAIStreamedTurns(server),
    stream: () => createOpenAIBackend(settings('gpt-4.1')).stream({ ...question, tools: [weatherTool] }),
    text: {
      usage: { inputTokens: 20, outputTokens: 8, reasoningTokens: 0, cachedInputTokens: 4 },
      rawReason: 'completed',
    },
    checkText: () => expect(server.requests[0]).toMatchObject({ api: 'responses', path: '/v1/responses' }),
    toolCalls: { ids: ['call_0_0', 'call_0_1', 'call_0_2'], rawReason: 'completed' },
  });

  it('streams the reasoning summary before the text, and counts reasoning tokens', async () => {
    server.enqueue({
      type: 'text',
      reasoning: 'Paris weather: check the forecast.',
      text: 'Sunny.',
      usage: { reasoningTokens: 40, completionTokens: 42 },
    });
    const parts = await collectParts(
      createOpenAIBackend(settings('gpt-5-mini', { reasoning: { summary: 'auto' } })).stream(question),
    );
    expect(textOf(parts, 'reasoning-delta')).toBe('Paris weather: check the forecast.');
    expect(parts.findLastIndex((part) => part.type === 'reasoning-delta')).toBeLessThan(
      parts.findIndex((part) => part.type === 'text-delta'),
    );
    expect(parts.find((part) => part.type === 'usage')).toMatchObject({
      usage: { reasoningTokens: 40, outputTokens: 42 },
    });
    expect(server.requests[0]?.body['reasoning']).toEqual({ summary: 'auto' });
  });

  it('streams the raw reasoning text of gpt-oss', async () => {
    server.enqueue({ type: 'text', reasoning: 'Raw thoughts.', text: 'Done.' });
    const parts = await collectParts(createOpenAIBackend(settings('gpt-oss-120b')).stream(question));
    expect(textOf(parts, 'reasoning-delta')).toBe('Raw thoughts.');
  });

  it('reports a response cut at max_output_tokens as a length finish', async () => {
    server.enqueue({ type: 'text', text: 'Sunny and', finishReason: 'length' });
    const parts = await collectParts(
      createOpenAIBackend(settings('gpt-4.1')).stream({ ...question, settings: { maxOutputTokens: 3 } }),
    );
    expect(parts.at(-1)).toEqual({ type: 'finish', reason: 'length', rawReason: 'max_output_tokens' });
    expect(server.requests[0]?.body['max_output_tokens']).toBe(3);
  });
});

describe('openai backend module', () => {
  it('satisfies the loader contract', () => {
    expectBackendModule(openAIModule, settings('gpt-5'), { provider: 'openai', modelId: 'gpt-5' });
    expect(openAIModule.optionsSchema?.safeParse({ api: 'assistants' }).success).toBe(false);
    expect(
      openAIModule.optionsSchema?.safeParse({ reasoning: { summary: 'auto' }, store: true, organization: 'org-1' })
        .success,
    ).toBe(true);
  });

  it('rejects a missing model when creating the backend, and warns about unknown keys', () => {
    expect(() => createOpenAIBackend(settings(''))).toThrow(/backend\.model: expected the OpenAI model/);
    createOpenAIBackend(settings('gpt-5', { enable_code_execution: true }));
    expect(warnings).toEqual([expect.objectContaining({ code: 'unknown-key', path: 'backend.enable_code_execution' })]);
  });

  it('plays a team member over the Responses API: answers, then votes, then presents', async () => {
    server.setResponder(createTeamResponder({ answer: 'Paris.', finalText: 'Final: Paris.' }));
    const backend = createOpenAIBackend(settings('gpt-5-mini'));
    const newAnswer = {
      name: 'new_answer',
      description: 'Submit an answer',
      inputSchema: { type: 'object', properties: { content: { type: 'string' } } },
    };
    const vote = {
      name: 'vote',
      description: 'Vote',
      inputSchema: {
        type: 'object',
        properties: { agent_id: { type: 'string', enum: ['agent1'] }, reason: { type: 'string' } },
      },
    };
    const answered = await collectParts(backend.stream({ ...question, tools: [newAnswer] }));
    expect(answered.find((part) => part.type === 'tool-call')).toMatchObject({
      name: 'new_answer',
      input: '{"content":"Paris."}',
    });
    const voted = await collectParts(backend.stream({ ...question, tools: [newAnswer, vote] }));
    expect(voted.find((part) => part.type === 'tool-call')).toMatchObject({ name: 'vote' });
    expect(textOf(await collectParts(backend.stream(question)), 'text-delta')).toBe('Final: Paris.');
  });
});
