import { MassGenError } from '@massgen/core';
import type { CoordinationEvent, SerializedError } from '@massgen/core';
import { awaitSoleTurn } from './sole-turn.js';
import type { SoleTurnInput } from './sole-turn.js';

export type PresentationResult =
  | { kind: 'presented'; content: string }
  /** The presentation failed; the winning answer stands as it was submitted. */
  | { kind: 'fallback'; content: string }
  | { kind: 'cancelled' };

export interface PresentationInput extends SoleTurnInput {
  /** The winning answer, used when the presentation fails. */
  answerContent: string;
}

/**
 * The winner's last turn: it streams the final answer as `final-delta` events. Only
 * cancellation interrupts it; the coordination limits (timeout, answer-now) are already spent.
 */
export async function* presentWinner(input: PresentationInput): AsyncGenerator<CoordinationEvent, PresentationResult> {
  const { turn } = input;
  const end = yield* awaitSoleTurn(input, (reason) => reason === 'cancelled');
  if (end.kind === 'limit') return { kind: 'cancelled' };
  const failure = turn.failure ?? (turn.output.trim() === '' ? emptyPresentation(turn.agentId) : undefined);
  if (failure === undefined) return { kind: 'presented', content: turn.output };
  yield {
    type: 'agent-error',
    agentId: turn.agentId,
    error: { ...failure, agentId: turn.agentId },
    attempt: 1,
    willRetry: false,
  };
  return { kind: 'fallback', content: input.answerContent };
}

function emptyPresentation(agentId: string): SerializedError {
  return new MassGenError({
    code: 'WORKFLOW_VIOLATION',
    message: `Agent "${agentId}" presented an empty final answer; its winning answer is used as submitted.`,
    agentId,
  }).toJSON();
}
