import { describe, expect, it } from 'vitest';
import type { CoordinationEvent } from '@massgen/core';
import { answerEvent, consensusOf, displayStateOf, runStart, tallyEntry, voteEvent } from './run-event-fixtures.js';
import { tallyRows } from './vote-tally.js';

const answers: CoordinationEvent[] = [
  runStart(['alpha', 'beta', 'gamma']),
  answerEvent('alpha', 'A1.1'),
  answerEvent('beta', 'A2.1', { content: 'y' }),
];

describe('tallyRows', () => {
  it('counts the current votes per answer, most votes first', () => {
    const { status } = displayStateOf([
      ...answers,
      voteEvent('alpha', 'beta', 'A2.1'),
      voteEvent('gamma', 'beta', 'A2.1'),
      voteEvent('beta', 'alpha', 'A1.1'),
    ]);
    expect(tallyRows(status)).toEqual([
      { label: 'A2.1', agentId: 'beta', votes: 2, voters: ['alpha', 'gamma'], winner: false },
      { label: 'A1.1', agentId: 'alpha', votes: 1, voters: ['beta'], winner: false },
    ]);
  });

  it('forgets votes a new answer made out of date', () => {
    const { status } = displayStateOf([
      ...answers,
      voteEvent('gamma', 'beta', 'A2.1'),
      answerEvent('alpha', 'A1.2', { content: 'z', round: 2 }),
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
