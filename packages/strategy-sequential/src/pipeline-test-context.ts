import type { AgentHandle, OrchestratorSettings, StrategyContext } from '@massgen/core';

/** Strategy contexts for the pipeline's tests. */

export const sequentialSettings: OrchestratorSettings = {
  workflow: 'sequential',
  maxTurnAttempts: 3,
  budget: {},
};

export interface PipelineContextOptions {
  agents: AgentHandle[];
  settings?: Partial<OrchestratorSettings>;
  signal?: AbortSignal;
  answerNow?: AbortSignal;
  spent?: StrategyContext['spent'];
}

export function createPipelineContext(options: PipelineContextOptions): StrategyContext {
  return {
    runId: 'run-test',
    task: 'Refactor data_cleaner.py and document it.',
    history: [],
    agents: options.agents,
    settings: { ...sequentialSettings, ...options.settings },
    signal: options.signal ?? new AbortController().signal,
    answerNow: options.answerNow ?? new AbortController().signal,
    spent: options.spent ?? (() => ({ tokens: 0, costUsd: 0 })),
  };
}
