import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sessionClosingHint } from './closing-hint.js';

const cwd = path.resolve('/project');
const recordDirectory = path.join(cwd, '.massgen', 'runs', 'r1');
const answer = { label: 'agent1.1', agentId: 'alpha', content: 'Four', round: 1 };

describe('sessionClosingHint', () => {
  it('offers a follow-up only after an answer, and otherwise says what helps', () => {
    expect(sessionClosingHint('s1', { finalAnswer: '4', stopReason: 'consensus', answers: [answer] }, cwd)).toBe(
      'Session s1: massgen --continue "..." asks a follow-up with this conversation.',
    );
    const failed = sessionClosingHint('s1', { stopReason: 'all-agents-failed', recordDirectory, answers: [] }, cwd);
    expect(failed).not.toContain('--continue');
    expect(failed).toContain('check the errors above');
    expect(failed).toContain('massgen resume goes on with this run');
    expect(sessionClosingHint('s1', { stopReason: 'all-agents-failed', answers: [] }, cwd)).toMatch(
      /then ask again\.$/,
    );
    expect(sessionClosingHint('s1', { stopReason: 'timeout', recordDirectory, answers: [] }, cwd)).toBe(
      'No answer was given (timeout), so there is nothing to follow up on: massgen resume goes on with this run.',
    );
  });

  it('names the folder of the answers a stopped run kept, relative to where the user is', () => {
    const answersFolder = path.join('.massgen', 'runs', 'r1', 'answers');
    expect(sessionClosingHint('s1', { stopReason: 'cancelled', recordDirectory, answers: [answer, answer] }, cwd)).toBe(
      `No answer was given (cancelled), so there is nothing to follow up on: the 2 answers given so far are in ${answersFolder}, and massgen resume goes on with this run.`,
    );
    expect(sessionClosingHint('s1', { stopReason: 'timeout', recordDirectory, answers: [answer] }, cwd)).toContain(
      `the answer given so far is in ${answersFolder}, and massgen resume`,
    );
    expect(sessionClosingHint('s1', { stopReason: 'cancelled', answers: [answer] }, cwd)).toBe(
      'No answer was given (cancelled), so there is nothing to follow up on.',
    );
  });
});
