import { describe, expect, it } from 'vitest';
import { clampToSchemaBounds } from './clamp-to-schema-bounds.js';

const voteSchema = {
  type: 'object',
  properties: {
    agent_id: { type: 'string', enum: ['agent1'] },
    reason: { type: 'string' },
    confidence: { type: 'number', minimum: 0, maximum: 1 },
    scores: { type: 'array', items: { type: 'integer', minimum: 1, maximum: 5 } },
  },
};

describe('clampToSchemaBounds', () => {
  it('brings numbers inside their schema range and leaves the rest alone', () => {
    expect(
      clampToSchemaBounds({ agent_id: 'agent1', reason: 'ok', confidence: 7, scores: [0, 3, 9] }, voteSchema),
    ).toEqual({
      agent_id: 'agent1',
      reason: 'ok',
      confidence: 1,
      scores: [1, 3, 5],
    });
    expect(clampToSchemaBounds({ confidence: -2 }, voteSchema)).toEqual({ confidence: 0 });
    expect(clampToSchemaBounds({ confidence: 0.4 }, voteSchema)).toEqual({ confidence: 0.4 });
  });

  it('keeps numbers of properties that set no range', () => {
    expect(clampToSchemaBounds({ other: 1234 }, voteSchema)).toEqual({ other: 1234 });
  });
});
