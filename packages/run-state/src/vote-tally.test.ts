import { describe, expect, it } from 'vitest';
import type { CoordinationEvent } from '@massgen/core';
import { consensusOf, displayStateOf, runStart, tallyEntry } from './run-event-fixtures.js';
import { tallyRows } from './vote-tally.js';

const answers: CoordinationEvent[] = [
  runStart(['alpha', 'beta', 'gamma']),
  { type: 'answer', agentId: 'alpha', label: 'A1.1', content: 'x', round: 1 },
  { type: 'answer', agentId: 'beta', label: 'A2.1', content: 'y', round: 1 },
];

describe('tallyRows', () => {
  it('counts the current votes per answer, most votes first', () => {
    const { status } = displayStateOf([
      ...answers,
      { type: 'vote', agentId: 'alpha', targetAgentId: 'beta', targetLabel: 'A2.1', reason: 'r', round: 1 },
      { type: 'vote', agentId: 'gamma', targetAgentId: 'beta', targetLabel: 'A2.1', reason: 'r', round: 1 },
      { type: 'vote', agentId: 'beta', targetAgentId: 'alpha', targetLabel: 'A1.1', reason: 'r', round: 1 },
    ]);
    expect(tallyRows(status)).toEqual([
      { label: 'A2.1', agentId: 'beta', votes: 2, voters: ['alpha', 'gamma'], winner: false },
      { label: 'A1.1', agentId: 'alpha', votes: 1, voters: ['beta'], winner: false },
    ]);
  });

  it('forgets votes a new answer made out of date', () => {
    const { status } = displayStateOf([
      ...answers,
      { type: 'vote', agentId: 'gamma', targetAgentId: 'beta', targetLabel: 'A2.1', reason: 'r', round: 1 },
      { type: 'answer', agentId: 'alpha', label: 'A1.2', content: 'z', round: 2 },
    ]);
    expect(tallyRows(status)).toEqual([]);
  });

  it('uses the tally the winner was chosen by once there is one, winner first', () => {
    const { status } = displayStateOf([
      ...answers,
      consensusOf(
        [tallyEntry('A2.1', 'beta', 1, 0.4), tallyEntry('A1.1', 'alpha', 1, 0.9), tallyEntry('A3.1', 'gamma', 0)],
        'answer-now',
      ),
    ]);
    expect(tallyRows(status).map((row) => [row.label, row.votes, row.winner])).toEqual([
      ['A1.1', 1, true],
      ['A2.1', 1, false],
    ]);
  });
});
