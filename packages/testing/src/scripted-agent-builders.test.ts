import { describe, expect, it } from 'vitest';
import { answerTurn, voteTurn } from './scripted-agent-builders.js';

const finish = { type: 'finish', reason: 'tool-calls' };

describe('scripted turns of one workflow call', () => {
  it('answers: the new_answer call alone, finished as a tool-call turn', () => {
    expect(answerTurn('A')).toEqual([
      { type: 'tool-call', id: expect.any(String), name: 'new_answer', input: JSON.stringify({ content: 'A' }) },
      finish,
    ]);
  });

  it('votes: the vote call alone, its confidence given only when there is one', () => {
    const input = JSON.stringify({ agent_id: 'agent1', reason: 'best', confidence: 0.5 });
    expect(voteTurn('agent1', 'best', 0.5)).toEqual([
      { type: 'tool-call', id: expect.any(String), name: 'vote', input },
      finish,
    ]);
    expect(voteTurn('agent2', 'fine')[0]).toMatchObject({
      input: JSON.stringify({ agent_id: 'agent2', reason: 'fine' }),
    });
  });
});
