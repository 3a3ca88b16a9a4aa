import { MassGenError, toMassGenError } from '@massgen/core';
import type { CoordinationEvent, Strategy, StrategyContext } from '@massgen/core';
import { CoordinationRun } from './coordination-run.js';
import type { CoordinationOptions } from './coordination-run.js';
import type { RunEnd } from './run-conclusion.js';
import { unsupportedSettingWarnings } from './vote-settings.js';

export interface VoteStrategyOptions {
  /**
   * What a new answer does to turns already running. `finish` (the default) lets them end: a
   * vote they cast is then stale, discarded, and the agent restarts with the current answers.
   * `restart` aborts them at once and restarts them with the current answers.
   */
  inFlightTurns?: CoordinationOptions['inFlightTurns'];
}

/** The parallel answer-and-vote coordination. */
export function createVoteStrategy(options: VoteStrategyOptions = {}): Strategy {
  const inFlightTurns = options.inFlightTurns ?? 'finish';
  if (inFlightTurns !== 'finish' && inFlightTurns !== 'restart') {
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message: `inFlightTurns must be "finish" or "restart" (got ${JSON.stringify(inFlightTurns)}).`,
    });
  }
  return {
    name: 'vote',
    run: (context) => runVote(context, { inFlightTurns }),
  };
}

async function* runVote(context: StrategyContext, options: CoordinationOptions): AsyncGenerator<CoordinationEvent> {
  yield {
    type: 'run-start',
    task: context.task,
    strategy: 'vote',
    agents: context.agents.map((agent) => ({ id: agent.id, provider: agent.provider, modelId: agent.modelId })),
  };
  let end: RunEnd;
  try {
    for (const warning of unsupportedSettingWarnings(context.settings)) yield { type: 'warning', warning };
    end = yield* new CoordinationRun(context, options).run();
  } catch (error) {
    // The contract promises a run-end whatever happens, so a bug becomes an `error` ending.
    end = { type: 'run-end', stopReason: 'error', error: toMassGenError(error).toJSON() };
  }
  yield end;
}
