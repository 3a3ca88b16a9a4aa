import type { AgentHandle, CoordinationEvent, TurnRequest } from '@massgen/core';
import type { AsyncQueue } from '@massgen/backend-utils';
import type { AgentTurn } from './agent-turn.js';
import { supersededTurnEvents } from './agent-turn.js';
import type { LimitReason } from './coordination-limits.js';
import { lateMessage } from './human-messages.js';
import type { RunInput } from './run-input.js';

export interface SoleTurnInput {
  /** A turn created for this step; the caller keeps it to abort it on exit. */
  turn: AgentTurn;
  handle: AgentHandle;
  request: TurnRequest;
  queue: AsyncQueue<RunInput>;
}

/** The turn ended by itself (its output or failure is on the turn), or a run limit ended it. */
export type SoleTurnEnd = { kind: 'ended' } | { kind: 'limit'; reason: LimitReason };

/**
 * Runs the one turn a run waits on after coordination (the presentation, the final review) and
 * passes on its events and those of late inputs until it ends. A run limit for which `stopsAt`
 * holds aborts it; other limits are ignored.
 */
export async function* awaitSoleTurn(
  input: SoleTurnInput,
  stopsAt: (reason: LimitReason) => boolean,
): AsyncGenerator<CoordinationEvent, SoleTurnEnd> {
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
      if (!stopsAt(item.reason)) continue;
      turn.abort();
      return { kind: 'limit', reason: item.reason };
    }
    // This turn has no time limit of its own, so any deadline belongs to an older turn.
    if (item.turn !== turn || item.kind === 'deadline') {
      yield* supersededTurnEvents(item);
      continue;
    }
    if (item.kind === 'part') {
      yield* turn.record(item.part);
      continue;
    }
    return { kind: 'ended' };
  }
}
