import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropicTeamResponder } from './anthropic-team-responder.js';
import { createFakeAnthropicServer } from './fake-anthropic-server.js';
import type { FakeAnthropicServer } from './fake-anthropic-server-types.js';
import { teamRequest, workflowTools } from './anthropic-team-responder-fixtures.js';

const { newAnswer, vote } = workflowTools();

let server: FakeAnthropicServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('createAnthropicTeamResponder', () => {
  it('answers with new_answer while there is nothing to vote for', () => {
    const responder = createAnthropicTeamResponder({ answer: { 'claude-a': 'Forty-two.' } });
    expect(responder(teamRequest([newAnswer, vote([])]), { index: 0 })).toEqual({
      type: 'tool-use',
      calls: [{ name: 'new_answer', input: { content: 'Forty-two.' } }],
    });
  });

  it('votes for the chosen label once answers exist, with confidence when asked', () => {
    const responder = createAnthropicTeamResponder({
      vote: (labels) => labels.at(-1) ?? '',
      confidence: 0.8,
      voteReason: 'Best.',
    });
    expect(responder(teamRequest([newAnswer, vote(['agent1.1', 'agent2.1'])]), { index: 0 })).toEqual({
      type: 'tool-use',
      calls: [{ name: 'vote', input: { agent_id: 'agent2.1', reason: 'Best.', confidence: 0.8 } }],
    });
  });

  it('presents plain text, after thinking when the team thinks, when no workflow tool is offered', () => {
    const responder = createAnthropicTeamResponder({
      finalText: 'The final answer.',
      thinking: 'Summing up.',
      latencyMs: 5,
    });
    expect(responder(teamRequest([]), { index: 0 })).toEqual({
      type: 'text',
      text: 'The final answer.',
      thinking: 'Summing up.',
      latencyMs: 5,
    });
  });

  it('plays a whole team over the wire', async () => {
    server = await createFakeAnthropicServer({ responder: createAnthropicTeamResponder() });
    const response = await fetch(`${server.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({
        model: 'claude-b',
        max_tokens: 100,
        messages: [{ role: 'user', content: 'Task' }],
        tools: [newAnswer],
      }),
    });
    expect(await response.json()).toMatchObject({
      content: [{ type: 'tool_use', name: 'new_answer', input: { content: 'Answer from claude-b.' } }],
      stop_reason: 'tool_use',
    });
  });
});
