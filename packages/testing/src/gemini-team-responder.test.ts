import { afterEach, describe, expect, it } from 'vitest';
import { createFakeGeminiServer } from './fake-gemini-server.js';
import type { FakeGeminiServer } from './fake-gemini-server-types.js';
import { createGeminiTeamResponder, type GeminiTeamResponderOptions } from './gemini-team-responder.js';

const newAnswer = {
  name: 'new_answer',
  description: 'Submit a new answer.',
  parametersJsonSchema: { type: 'object', properties: { content: { type: 'string' } } },
};

function vote(labels: string[]): Record<string, unknown> {
  return {
    name: 'vote',
    description: 'Vote for the best answer.',
    parametersJsonSchema: {
      type: 'object',
      properties: { agent_id: { type: 'string', enum: labels }, reason: { type: 'string' } },
    },
  };
}

let server: FakeGeminiServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Makes one unary call and returns the parts of the model's answer. */
async function ask(
  options: GeminiTeamResponderOptions,
  model: string,
  declarations: Array<Record<string, unknown>>,
): Promise<Array<Record<string, unknown>>> {
  server ??= await createFakeGeminiServer({ responder: createGeminiTeamResponder(options) });
  const body = {
    contents: [{ role: 'user', parts: [{ text: 'What is 2 + 2?' }] }],
    ...(declarations.length === 0 ? {} : { tools: [{ functionDeclarations: declarations }] }),
  };
  const response = await fetch(`${server.url}/v1beta/models/${model}:generateContent`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as {
    candidates: Array<{ content: { parts: Array<Record<string, unknown>> } }>;
  };
  return answer.candidates[0]?.content.parts ?? [];
}

describe('createGeminiTeamResponder', () => {
  it('answers with a new_answer call, without an id, while there is nothing to vote for', async () => {
    const parts = await ask({ answer: { 'gemini-a': 'Four.' } }, 'gemini-a', [newAnswer, vote([])]);
    expect(parts).toEqual([{ functionCall: { name: 'new_answer', args: { content: 'Four.' } } }]);
  });

  it('votes for the first offered label by default, or the one chosen for the model', async () => {
    expect(await ask({}, 'gemini-a', [newAnswer, vote(['agent1', 'agent2'])])).toEqual([
      {
        functionCall: {
          name: 'vote',
          args: { agent_id: 'agent1', reason: 'agent1 gives a complete and correct answer.' },
        },
      },
    ]);
    await server?.close();
    server = undefined;
    const chosen = await ask({ vote: { 'gemini-b': 'agent2' }, voteReason: 'Clearer.', confidence: 0.8 }, 'gemini-b', [
      newAnswer,
      vote(['agent1', 'agent2']),
    ]);
    expect(chosen).toEqual([
      { functionCall: { name: 'vote', args: { agent_id: 'agent2', reason: 'Clearer.', confidence: 0.8 } } },
    ]);
  });

  it('reads the labels from OpenAPI-style parameters too', async () => {
    const legacyVote = {
      name: 'vote',
      parameters: { type: 'OBJECT', properties: { agent_id: { type: 'STRING', enum: ['agent3'] } } },
    };
    const parts = await ask({}, 'gemini-a', [legacyVote]);
    expect(parts[0]).toMatchObject({ functionCall: { name: 'vote', args: { agent_id: 'agent3' } } });
  });

  it('presents in plain text when no workflow function is declared', async () => {
    const parts = await ask(
      { answer: 'Four.', finalText: (request) => `Final from ${request.model}: four.` },
      'gemini-c',
      [],
    );
    expect(parts).toEqual([{ text: 'Final from gemini-c: four.' }]);
  });
});
