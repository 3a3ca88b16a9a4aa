import { describe, expect, it } from 'vitest';
import { tallyVotes } from './vote-tally.js';
import type { TallyCandidate } from './vote-tally.js';

const candidates: TallyCandidate[] = [
  { label: 'agent1.2', agentId: 'alpha', firstAnsweredAt: 2 },
  { label: 'agent2.1', agentId: 'beta', firstAnsweredAt: 1 },
  { label: 'agent3.1', agentId: 'gamma', firstAnsweredAt: 3 },
];

describe('tallyVotes', () => {
  it('counts one vote each under majority voting and picks the most voted answer', () => {
    const tally = tallyVotes(
      candidates,
      [
        { targetAgentId: 'gamma', confidence: 0.1 },
        { targetAgentId: 'gamma' },
        { targetAgentId: 'alpha', confidence: 1 },
      ],
      'majority',
    );
    expect(tally.entries).toEqual([
      { label: 'agent1.2', agentId: 'alpha', votes: 1, weight: 1 },
      { label: 'agent2.1', agentId: 'beta', votes: 0, weight: 0 },
      { label: 'agent3.1', agentId: 'gamma', votes: 2, weight: 2 },
    ]);
    expect(tally.winner?.agentId).toBe('gamma');
  });

  it('weighs votes by stated confidence, counting a missing confidence as 1', () => {
    const votes = [
      { targetAgentId: 'gamma', confidence: 0.3 },
      { targetAgentId: 'gamma', confidence: 0.3 },
      { targetAgentId: 'beta' },
    ];
    const tally = tallyVotes(candidates, votes, 'weighted_by_confidence');
    expect(tally.entries.map((entry) => [entry.agentId, entry.votes, entry.weight])).toEqual([
      ['alpha', 0, 0],
      ['beta', 1, 1],
      ['gamma', 2, 0.6],
    ]);
    expect(tally.winner?.agentId).toBe('beta');
  });

  it('breaks a tie in favour of the candidate listed first', () => {
    const tally = tallyVotes(candidates, [{ targetAgentId: 'gamma' }, { targetAgentId: 'beta' }], 'majority');
    expect(tally.winner?.agentId).toBe('beta');
  });

  it('picks the agent that answered first when nobody has voted', () => {
    expect(tallyVotes(candidates, [], 'majority').winner?.label).toBe('agent2.1');
  });

  it('has no winner without candidates', () => {
    expect(tallyVotes([], [], 'majority')).toEqual({ entries: [], winner: undefined });
  });
});
