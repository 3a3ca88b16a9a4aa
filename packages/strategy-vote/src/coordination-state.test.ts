import { createScriptedAgent } from '@massgen/testing';
import { describe, expect, it } from 'vitest';
import { CoordinationState } from './coordination-state.js';
import type { AgentRecord } from './coordination-state.js';

function teamOf(...ids: string[]): { state: CoordinationState; agents: AgentRecord[] } {
  const state = new CoordinationState(ids.map((id) => createScriptedAgent({ id, turns: [] })));
  return { state, agents: [...state.agents] };
}

describe('coordination state', () => {
  it('seeds a fresh start with the answers that hold votes, heaviest first, at most the limit', () => {
    const { state, agents } = teamOf('a', 'b', 'c', 'd');
    const [a, b, c, d] = agents as [AgentRecord, AgentRecord, AgentRecord, AgentRecord];
    for (const agent of agents) state.acceptAnswer(agent, `answer of ${agent.id}`, 1);
    state.castVote(a, 'agent3', 'good', 0.4, 1);
    state.castVote(b, 'agent2', 'good', 0.9, 1);
    state.castVote(d, 'agent4', 'good', 0.5, 1);

    expect(state.leadingAnswers('weighted_by_confidence', 2).map((answer) => answer.label)).toEqual([
      'agent2.1',
      'agent4.1',
    ]);
    expect(state.leadingAnswers('majority', 3).map((answer) => answer.label)).toEqual([
      'agent2.1',
      'agent3.1',
      'agent4.1',
    ]);
    expect(c.vote).toBeUndefined();
  });

  it('seeds a fresh start with the current winner when nobody has voted', () => {
    const { state, agents } = teamOf('a', 'b');
    const [a, b] = agents as [AgentRecord, AgentRecord];
    state.acceptAnswer(b, 'first', 1);
    state.acceptAnswer(a, 'second', 1);

    expect(state.leadingAnswers('majority', 3).map((answer) => answer.label)).toEqual(['agent2.1']);
  });

  it('counts a round as completed by all only once every live agent has finished it', () => {
    const { state, agents } = teamOf('a', 'b', 'c');
    const [a, b, c] = agents as [AgentRecord, AgentRecord, AgentRecord];
    a.turnsCompleted = 3;
    b.turnsCompleted = 1;
    c.turnsCompleted = 2;
    expect(state.roundsCompletedByAll()).toBe(1);
    b.alive = false;
    expect(state.roundsCompletedByAll()).toBe(2);
  });
});
