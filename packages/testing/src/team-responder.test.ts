import type { ToolDefinition } from '@massgen/core';
import OpenAI from 'openai';
import type { ChatCompletionTool } from 'openai/resources/chat/completions';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeOpenAIServer } from './fake-openai-server.js';
import type { FakeChatRequest, FakeOpenAIServer } from './fake-openai-server-types.js';
import { newAnswerToolDefinition } from './new-answer-tool-definition.js';
import { createTeamResponder, type TeamResponderOptions } from './team-responder.js';
import { voteToolDefinition } from './vote-tool-definition.js';

/** A workflow tool as the Chat Completions API offers it. */
function chatTool({ name, description, inputSchema }: ToolDefinition): ChatCompletionTool {
  return { type: 'function', function: { name, description, parameters: inputSchema } };
}

const newAnswerTool = chatTool(newAnswerToolDefinition);
const voteTool = (labels: string[]) => chatTool(voteToolDefinition(labels));

let server: FakeOpenAIServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function teamClient(options: TeamResponderOptions): Promise<OpenAI> {
  server = await createFakeOpenAIServer({ responder: createTeamResponder(options) });
  return new OpenAI({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0 });
}

async function firstToolCall(
  client: OpenAI,
  model: string,
  tools: ChatCompletionTool[],
): Promise<{ name: string; input: unknown }> {
  const stream = client.chat.completions.stream({
    model,
    messages: [{ role: 'user', content: 'Name a prime number.' }],
    tools,
  });
  const completion = await stream.finalChatCompletion();
  const call = completion.choices[0]?.message.tool_calls?.[0];
  if (call?.type !== 'function') throw new Error('expected a function tool call');
  return { name: call.function.name, input: JSON.parse(call.function.arguments) };
}

describe('team responder', () => {
  it('answers with new_answer when there is nothing to vote for', async () => {
    const client = await teamClient({ answer: { 'model-a': 'Seven is prime.' } });
    expect(await firstToolCall(client, 'model-a', [newAnswerTool, voteTool([])])).toEqual({
      name: 'new_answer',
      input: { content: 'Seven is prime.' },
    });
    expect(await firstToolCall(client, 'model-b', [newAnswerTool])).toEqual({
      name: 'new_answer',
      input: { content: 'Answer from model-b.' },
    });
  });

  it('votes for the first offered label by default', async () => {
    const client = await teamClient({});
    const call = await firstToolCall(client, 'model-a', [newAnswerTool, voteTool(['agent2', 'agent1'])]);
    expect(call).toEqual({
      name: 'vote',
      input: { agent_id: 'agent2', reason: 'agent2 gives a complete and correct answer.' },
    });
  });

  it('votes per model, with a reason and a confidence', async () => {
    const client = await teamClient({
      vote: { 'model-b': 'agent1' },
      voteReason: 'Shortest correct proof.',
      confidence: 0.8,
    });
    const call = await firstToolCall(client, 'model-b', [newAnswerTool, voteTool(['agent2', 'agent1'])]);
    expect(call).toEqual({
      name: 'vote',
      input: { agent_id: 'agent1', reason: 'Shortest correct proof.', confidence: 0.8 },
    });
  });

  it('lets a function choose the label from the offered ones', async () => {
    const client = await teamClient({
      vote: (labels, request) => (request.model === 'model-c' ? (labels.at(-1) ?? '') : (labels[0] ?? '')),
    });
    const call = await firstToolCall(client, 'model-c', [voteTool(['agent1', 'agent2', 'agent3'])]);
    expect(call.input).toMatchObject({ agent_id: 'agent3' });
  });

  it('streams plain text when no tools are offered', async () => {
    const client = await teamClient({
      answer: (request) => `Answer of ${request.model}`,
      finalText: { 'model-a': 'Final: seven is prime.' },
    });
    const presenter = await client.chat.completions.create({
      model: 'model-a',
      messages: [{ role: 'user', content: 'Present.' }],
      stream: true,
    });
    let text = '';
    for await (const chunk of presenter) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe('Final: seven is prime.');

    const other = await client.chat.completions.create({
      model: 'model-b',
      messages: [{ role: 'user', content: 'Present.' }],
    });
    expect(other.choices[0]?.message.content).toBe('Answer of model-b');
  });

  it('passes its latency on to every reply', () => {
    const responder = createTeamResponder({ latencyMs: 25 });
    const request: FakeChatRequest = {
      index: 0,
      api: 'chat-completions',
      path: '/v1/chat/completions',
      query: {},
      body: {},
      headers: {},
      model: 'm',
      messages: [],
      tools: [],
      stream: true,
      media: [],
    };
    const reply = responder(request, { index: 0 });
    expect(reply).toMatchObject({ type: 'text', latencyMs: 25 });
  });
});
