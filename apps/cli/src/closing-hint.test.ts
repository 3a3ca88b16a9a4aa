import { describe, expect, it } from 'vitest';
import { sessionClosingHint } from './closing-hint.js';

describe('sessionClosingHint', () => {
  it('offers a follow-up only after an answer, and otherwise says what helps', () => {
    expect(sessionClosingHint('s1', { finalAnswer: '4', stopReason: 'consensus' })).toBe(
      'Session s1: massgen --continue "..." asks a follow-up with this conversation.',
    );
    const failed = sessionClosingHint('s1', { stopReason: 'all-agents-failed', recordDirectory: '/r' });
    expect(failed).not.toContain('--continue');
    expect(failed).toContain('check the errors above');
    expect(failed).toContain('massgen resume goes on with this run');
    expect(sessionClosingHint('s1', { stopReason: 'all-agents-failed' })).toMatch(/then ask again\.$/);
    expect(sessionClosingHint('s1', { stopReason: 'timeout', recordDirectory: '/r' })).toBe(
      'No answer was given (timeout), so there is nothing to follow up on: massgen resume goes on with this run.',
    );
  });
});
