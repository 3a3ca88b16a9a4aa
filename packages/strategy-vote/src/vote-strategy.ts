import { runStartEvent, toMassGenError } from '@massgen/core';
import type { CoordinationEvent, Strategy, StrategyContext } from '@massgen/core';
import { CoordinationRun } from './coordination-run.js';
import type { RunEnd } from './run-conclusion.js';
import { ineffectiveSettingWarnings } from './vote-settings.js';

/**
 * The parallel answer-and-vote coordination. Everything it does is set by the run's
 * orchestrator settings (`StrategyContext.settings`), so one instance serves any number of runs.
 */
export function createVoteStrategy(): Strategy {
  return {
    name: 'vote',
    resumable: true,
    takesMessages: true,
    run: (context) => runVote(context),
  };
}

async function* runVote(context: StrategyContext): AsyncGenerator<CoordinationEvent> {
  yield runStartEvent('vote', context);
  let end: RunEnd;
  try {
    // A resumed run's record has these warnings already.
    if (context.resume === undefined)
      for (const warning of ineffectiveSettingWarnings(context)) yield { type: 'warning', warning };
    end = yield* new CoordinationRun(context).run();
  } catch (error) {
    // The contract promises a run-end whatever happens, so a bug becomes an `error` ending.
    end = { type: 'run-end', stopReason: 'error', error: toMassGenError(error).toJSON() };
  }
  yield end;
}
