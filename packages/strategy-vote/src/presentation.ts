import { MassGenError } from '@massgen/core';
import type { AgentHandle, CoordinationEvent, SerializedError, TurnRequest } from '@massgen/core';
import type { AgentTurn } from './agent-turn.js';
import { supersededTurnEvents } from './agent-turn.js';
import { lateMessage } from './human-messages.js';
import type { RunInput } from './run-input.js';
import type { AsyncQueue } from '@massgen/backend-utils';

export type PresentationResult =
  | { kind: 'presented'; content: string }
  /** The presentation failed; the winning answer stands as it was submitted. */
  | { kind: 'fallback'; content: string }
  | { kind: 'cancelled' };

export interface PresentationInput {
  /** A turn created for the presentation; the caller keeps it to abort it on exit. */
  turn: AgentTurn;
  handle: AgentHandle;
  request: TurnRequest;
  /** The winning answer, used when the presentation fails. */
  answerContent: string;
  queue: AsyncQueue<RunInput>;
}

/**
 * The winner's last turn: it streams the final answer as `final-delta` events. Only
 * cancellation interrupts it; the coordination limits (timeout, answer-now) are already spent.
 */
export async function* presentWinner(input: PresentationInput): AsyncGenerator<CoordinationEvent, PresentationResult> {
  const { turn, queue } = input;
  turn.start(input.handle, input.request, (item) => queue.push(item));
  for (;;) {
    const item = await queue.take();
    // Summaries are for coordination turns; one finished now is quoted to nobody.
    if (item.kind === 'silence' || item.kind === 'summary') continue;
    if (item.kind === 'message') {
      yield* lateMessage(item.message);
      continue;
    }
    if (item.kind === 'limit') {
      if (item.reason !== 'cancelled') continue;
      turn.abort();
      return { kind: 'cancelled' };
    }
    // The presentation has no time limit of its own, so any deadline belongs to an older turn.
    if (item.turn !== turn || item.kind === 'deadline') {
      yield* supersededTurnEvents(item);
      continue;
    }
    if (item.kind === 'part') {
      yield* turn.record(item.part);
      continue;
    }
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
}

function emptyPresentation(agentId: string): SerializedError {
  return new MassGenError({
    code: 'WORKFLOW_VIOLATION',
    message: `Agent "${agentId}" presented an empty final answer; its winning answer is used as submitted.`,
    agentId,
  }).toJSON();
}
