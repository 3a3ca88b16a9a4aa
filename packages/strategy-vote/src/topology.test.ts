import { createScriptedAgent } from '@massgen/testing';
import { describe, expect, it } from 'vitest';
import { CoordinationState } from './coordination-state.js';
import type { AgentRecord } from './coordination-state.js';
import { groupWinners, mayShow, visibleAnswers } from './topology.js';

function teamOf(size: number): { state: CoordinationState; agents: AgentRecord[] } {
  const ids = Array.from({ length: size }, (_, index) => `a${index + 1}`);
  const state = new CoordinationState(ids.map((id) => createScriptedAgent({ id, turns: [] })));
  return { state, agents: [...state.agents] };
}

function answerAll(state: CoordinationState, agents: readonly AgentRecord[]): void {
  for (const agent of agents) state.acceptAnswer(agent, `answer of ${agent.id}`, 1);
}

describe('visibleAnswers', () => {
  it('full: every current answer', () => {
    const { state, agents } = teamOf(5);
    answerAll(state, agents);
    expect(visibleAnswers({ type: 'full' }, state, agents[0]!, 'majority')).toHaveLength(5);
  });

  it('ring: its own answer and its nearest peers, after and before it in turn, wrapping around', () => {
    const { state, agents } = teamOf(6);
    answerAll(state, agents);
    const seen = (index: number, neighbors: number): string[] =>
      visibleAnswers({ type: 'ring', neighbors }, state, agents[index]!, 'majority').map((answer) => answer.agentId);
    expect(seen(0, 2)).toEqual(['a1', 'a2', 'a6']);
    expect(seen(3, 2)).toEqual(['a3', 'a4', 'a5']);
    expect(seen(3, 3)).toEqual(['a3', 'a4', 'a5', 'a6']);
    // More neighbors than peers: everyone, once.
    expect(seen(0, 9)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6']);
  });

  it('ring: a peer that has not answered yet is not shown yet, nor stood in for; one dropped before answering is passed over', () => {
    const { state, agents } = teamOf(6);
    const [a1, a2, a3, a4, a5, a6] = agents as [
      AgentRecord,
      AgentRecord,
      AgentRecord,
      AgentRecord,
      AgentRecord,
      AgentRecord,
    ];
    answerAll(state, [a1, a4, a5]);
    const ring = { type: 'ring', neighbors: 2 } as const;
    const seen = (agent: AgentRecord): string[] =>
      visibleAnswers(ring, state, agent, 'majority').map((answer) => answer.agentId);
    // a1's neighbours are a2 and a6, neither of which has answered: it sees only its own answer.
    expect(seen(a1)).toEqual(['a1']);
    expect(mayShow(ring, state, a1, a2)).toBe(true);
    expect(mayShow(ring, state, a1, a4)).toBe(false);
    // An agent without an answer of its own sees only its neighbours'.
    expect(seen(a3)).toEqual(['a4']);
    // a2 is dropped without an answer: a1's nearest are now a6 and a3.
    a2.alive = false;
    answerAll(state, [a3]);
    expect(seen(a1)).toEqual(['a1', 'a3']);
    expect(mayShow(ring, state, a1, a6)).toBe(true);
    expect(mayShow(ring, state, a1, a2)).toBe(false);
  });

  it('top_k: its own answer and the k answers with the most votes, vote-less ones by who answered first', () => {
    const { state, agents } = teamOf(5);
    const [a1, a2, a3, a4, a5] = agents as [AgentRecord, AgentRecord, AgentRecord, AgentRecord, AgentRecord];
    for (const agent of [a3, a1, a2, a4, a5]) state.acceptAnswer(agent, `answer of ${agent.id}`, 1);
    const seen = (agent: AgentRecord): string[] =>
      visibleAnswers({ type: 'top_k', k: 2 }, state, agent, 'majority').map((answer) => answer.agentId);
    // No votes yet: the two that answered first.
    expect(seen(a5)).toEqual(['a1', 'a3', 'a5']);
    state.castVote(a1, 'agent4', 'best', undefined, 2);
    state.castVote(a2, 'agent4', 'best', undefined, 2);
    state.castVote(a3, 'agent2', 'good', undefined, 2);
    expect(seen(a5)).toEqual(['a2', 'a4', 'a5']);
    // Its own answer among the leaders is one of the k: it sees k answers in all.
    expect(seen(a4)).toEqual(['a2', 'a4']);
  });

  it("islands: its group's answers; a finalist sees the finalists' answers; each group's winner by its own members' votes", () => {
    const { state, agents } = teamOf(5);
    const [a1, a2, a3, a4, a5] = agents as [AgentRecord, AgentRecord, AgentRecord, AgentRecord, AgentRecord];
    answerAll(state, agents);
    const islands = { type: 'islands', size: 2 } as const;
    const seen = (agent: AgentRecord): string[] =>
      visibleAnswers(islands, state, agent, 'majority').map((answer) => answer.agentId);
    expect(seen(a1)).toEqual(['a1', 'a2']);
    expect(seen(a4)).toEqual(['a3', 'a4']);
    expect(seen(a5)).toEqual(['a5']);
    state.castVote(a1, 'agent2', 'r', undefined, 2);
    state.castVote(a2, 'agent2', 'r', undefined, 2);
    state.castVote(a3, 'agent3', 'r', undefined, 2);
    state.castVote(a4, 'agent4', 'r', undefined, 2);
    // A tie goes to the member listed first; a group of one wins on its own answer.
    expect(groupWinners(2, state, 'majority').map((agent) => agent.id)).toEqual(['a2', 'a3', 'a5']);
    state.finalists = new Set(['a2', 'a3', 'a5']);
    expect(seen(a2)).toEqual(['a2', 'a3', 'a5']);
    expect(seen(a1)).toEqual(['a1', 'a2']);
    expect(mayShow(islands, state, a2, a5)).toBe(true);
    expect(mayShow(islands, state, a1, a5)).toBe(false);
  });
});
