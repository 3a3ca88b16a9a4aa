import { describe, expect, it } from 'vitest';
import type { BackendRequest, StreamPart } from '@massgen/core';
import { createEchoBackend } from './echo-backend.js';

const backend = createEchoBackend({
  agentId: 'a',
  type: 'fixture',
  model: 'echo',
  options: { prefix: 'heard' },
  env: {},
  warn: () => {},
});

async function parts(request: BackendRequest): Promise<StreamPart[]> {
  const collected: StreamPart[] = [];
  for await (const part of backend.stream(request)) collected.push(part);
  return collected;
}

const question: BackendRequest['messages'] = [{ role: 'user', content: '\nWhat is 2+2?\nmore context' }];

describe('echo backend', () => {
  it('answers with the first line of the last user message', async () => {
    const tools = [{ name: 'new_answer', description: '', inputSchema: {} }];
    expect(await parts({ messages: question, tools })).toContainEqual({
      type: 'tool-call',
      id: 'call-answer',
      name: 'new_answer',
      input: JSON.stringify({ content: 'heard: What is 2+2?' }),
    });
  });

  it('votes for the first label on offer', async () => {
    const tools = [
      { name: 'vote', description: '', inputSchema: { properties: { agent_id: { enum: ['agent2', 'agent1'] } } } },
    ];
    const [call] = await parts({ messages: question, tools });
    expect(call).toMatchObject({ type: 'tool-call', name: 'vote' });
    expect(JSON.parse(call?.type === 'tool-call' ? call.input : '{}')).toMatchObject({ agent_id: 'agent2' });
  });

  it('presents as plain text when no tools are offered', async () => {
    expect((await parts({ messages: question }))[0]).toEqual({ type: 'text-delta', text: 'heard: What is 2+2?' });
  });
});
