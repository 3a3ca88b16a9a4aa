import { collectEvents } from '@massgen/testing/strategy';
import type { AgentHandle, CoordinationEvent, OrchestratorSettings, StrategyContext } from '@massgen/core';
import type { VoteAgentKeys, VoteKeys } from './vote-settings-schema.js';
import { createVoteStrategy } from './vote-strategy.js';

/** Strategy contexts for the strategy's tests, with the settings as the runtime hands them. */

export const defaultSettings: OrchestratorSettings = {
  workflow: 'parallel',
  maxTurnAttempts: 3,
  budget: {},
};

const sharedKeys: ReadonlySet<string> = new Set<keyof OrchestratorSettings>([
  'workflow',
  'maxRounds',
  'timeoutMs',
  'roundTimeoutMs',
  'coordinateSingleAgent',
  'maxTurnAttempts',
  'budget',
]);

/** What a test may set of a strategy's context; the rest gets a neutral default. */
export interface TestContextOptions extends Partial<
  Pick<StrategyContext, 'task' | 'history' | 'signal' | 'answerNow' | 'spent' | 'humanMessages' | 'resume' | 'models'>
> {
  agents: AgentHandle[];
  /** Shared settings, and the vote keys as a configuration writes them (`interrupt_stale_turns`). */
  settings?: Partial<OrchestratorSettings> & VoteKeys;
  /** Agents' own vote keys, by agent id. */
  agentKeys?: Record<string, VoteAgentKeys>;
}

export function createTestContext(options: TestContextOptions): StrategyContext {
  const { agents, settings: _settings, agentKeys: _agentKeys, ...given } = options;
  return {
    runId: 'run-test',
    task: 'What is the capital of France?',
    history: [],
    signal: new AbortController().signal,
    answerNow: new AbortController().signal,
    spent: () => ({ tokens: 0, costUsd: 0 }),
    ...given,
    agents,
    settings: settingsOf(options),
  };
}

/** The shared settings, with every other key handed to the strategy as written, as the runtime hands them. */
function settingsOf(options: TestContextOptions): OrchestratorSettings {
  const given = Object.entries(options.settings ?? {});
  const shared = Object.fromEntries(given.filter(([key]) => sharedKeys.has(key)));
  const run = Object.fromEntries(given.filter(([key]) => !sharedKeys.has(key)));
  return { ...defaultSettings, ...shared, strategyKeys: { run, agents: options.agentKeys ?? {} } };
}

/** Runs the vote strategy to its end on a context made of `options`; `onEvent` as for `collectEvents`. */
export function runVote(
  options: TestContextOptions,
  onEvent?: (event: CoordinationEvent) => void,
): Promise<CoordinationEvent[]> {
  return collectEvents(createVoteStrategy(), createTestContext(options), onEvent);
}
