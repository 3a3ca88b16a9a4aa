import type { SerializedError } from '@massgen/core';
import { parseWorkflowCall } from './workflow-call.js';
import { newAnswerToolName, unavailableReason, voteToolName } from './workflow-tools.js';
import type { OfferedTools } from './workflow-tools.js';

/** How a coordination turn ended. */
export type TurnOutcome =
  | { kind: 'answer'; content: string }
  | { kind: 'vote'; label: string; reason: string; confidence?: number }
  /** The agent broke the turn's rules; `problem` is worded for the agent. */
  | { kind: 'violation'; problem: string }
  /** The backend or the runtime failed. */
  | { kind: 'error'; error: SerializedError };

export interface FinishedTurn {
  error: SerializedError | undefined;
  workflowCalls: ReadonlyArray<{ name: string; input: string }>;
  /** Names of workflow tools the agent called although the turn did not offer them. */
  unofferedCalls: readonly string[];
  offered: OfferedTools;
  finishReason: string | undefined;
}

/**
 * Decides what a finished turn amounts to. A failed stream counts as a failure even if it made
 * a workflow call first, because the call may have been meant to be followed by another.
 */
export function decideTurnOutcome(turn: FinishedTurn): TurnOutcome {
  if (turn.error !== undefined) return { kind: 'error', error: turn.error };
  const [call, ...extra] = turn.workflowCalls;
  if (call === undefined) return { kind: 'violation', problem: describeMissingCall(turn) };
  if (extra.length > 0) {
    const names = turn.workflowCalls.map((each) => each.name).join(', ');
    return {
      kind: 'violation',
      problem: `the turn made ${turn.workflowCalls.length} workflow calls (${names}); exactly one is allowed`,
    };
  }
  const parsed = parseWorkflowCall(call, turn.offered);
  if (!parsed.ok) return { kind: 'violation', problem: parsed.problem };
  if (parsed.call.kind === 'new-answer') return { kind: 'answer', content: parsed.call.content };
  const { label, reason, confidence } = parsed.call;
  return confidence === undefined ? { kind: 'vote', label, reason } : { kind: 'vote', label, reason, confidence };
}

function describeMissingCall(turn: FinishedTurn): string {
  const reasons = [...new Set(turn.unofferedCalls)].flatMap((name) => unavailableReason(name, turn.offered) ?? []);
  if (reasons.length > 0) return `the turn ended without a usable workflow call (${reasons.join('; ')})`;
  const cutOff = turn.finishReason === 'length' ? ' (the output was cut off at the length limit)' : '';
  return `the turn ended without a call to ${newAnswerToolName} or ${voteToolName}${cutOff}`;
}
