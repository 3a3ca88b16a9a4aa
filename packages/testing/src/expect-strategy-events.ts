import type { CoordinationEvent, CoordinationEventType, StopReason } from '@massgen/core';
import { expect } from 'vitest';
import { onlyEvent } from './strategy-events.js';

/**
 * Asserts that a strategy yielded exactly one event of `type` and that it carries exactly `fields`;
 * the fields are checked against that event's type, which a literal passed to `toEqual` is not.
 */
export function expectOnlyEvent<Type extends CoordinationEventType>(
  events: readonly CoordinationEvent[],
  type: Type,
  fields: Omit<Extract<CoordinationEvent, { type: Type }>, 'type'>,
): void {
  expect(onlyEvent(events, type)).toEqual({ type, ...fields });
}

/** How a run concluded: why it stopped, and the final answer the winning agent gave under `label`. */
export interface FinalAnswer {
  stopReason: StopReason;
  agentId: string;
  label: string;
  content: string;
}

/** Asserts that a run gave one final answer, `answer`, and ended with it, naming its agent as the winner. */
export function expectFinalAnswer(events: readonly CoordinationEvent[], answer: FinalAnswer): void {
  const { stopReason, agentId, label, content } = answer;
  expectOnlyEvent(events, 'final', { agentId, label, content });
  expectOnlyEvent(events, 'run-end', { stopReason, winnerAgentId: agentId, finalAnswer: content });
}
