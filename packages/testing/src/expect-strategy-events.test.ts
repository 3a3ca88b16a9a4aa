import { describe, expect, it } from 'vitest';
import type { CoordinationEvent } from '@massgen/core';
import { expectFinalAnswer, expectOnlyEvent } from './expect-strategy-events.js';

const concluded: CoordinationEvent[] = [
  { type: 'final', agentId: 'alice', label: 'agent1.final', content: 'Paris.' },
  { type: 'run-end', stopReason: 'consensus', winnerAgentId: 'alice', finalAnswer: 'Paris.' },
];

describe('expectations on a strategy’s events', () => {
  it('accepts the one event of a type when it carries exactly the fields given', () => {
    expectOnlyEvent(concluded, 'final', { agentId: 'alice', label: 'agent1.final', content: 'Paris.' });
  });

  it('rejects a missing event, a second one, and one with a field more than given', () => {
    const runEnd = { stopReason: 'consensus', winnerAgentId: 'alice', finalAnswer: 'Paris.' } as const;
    expectOnlyEvent(concluded, 'run-end', runEnd);
    expect(() => expectOnlyEvent(concluded, 'final-delta', { agentId: 'alice', text: 'Paris.' })).toThrow('found 0');
    expect(() => expectOnlyEvent([...concluded, ...concluded], 'run-end', runEnd)).toThrow('found 2');
    expect(() => expectOnlyEvent(concluded, 'run-end', { stopReason: 'consensus', winnerAgentId: 'alice' })).toThrow();
  });

  it('accepts a final answer that the run ended with, its agent named the winner', () => {
    expectFinalAnswer(concluded, {
      stopReason: 'consensus',
      agentId: 'alice',
      label: 'agent1.final',
      content: 'Paris.',
    });
  });

  it('rejects a final answer the run did not end with', () => {
    const other = { stopReason: 'consensus', agentId: 'alice', label: 'agent1.final', content: 'Lyon.' } as const;
    expect(() => expectFinalAnswer(concluded, other)).toThrow();
    const ended: CoordinationEvent[] = [concluded[0]!, { type: 'run-end', stopReason: 'timeout' }];
    expect(() => expectFinalAnswer(ended, { ...other, content: 'Paris.' })).toThrow();
  });
});
