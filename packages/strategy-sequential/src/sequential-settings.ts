import { MassGenError } from '@massgen/core';
import type { OrchestratorSettings, Warning } from '@massgen/core';

/** The orchestrator settings the pipeline acts on, checked. */
export interface SequentialSettings {
  maxTurnAttempts: number;
  /** Whole-pipeline limit; at the limit the latest output is the final answer. */
  timeoutMs: number | undefined;
  /** Limit of each attempt of a stage. */
  stageTimeoutMs: number | undefined;
  maxTokensTotal: number | undefined;
  maxCostUsd: number | undefined;
}

/**
 * Checks the settings the pipeline relies on. A programmatic caller can hand over anything,
 * and a bad limit would silently never fire.
 */
export function readSequentialSettings(settings: OrchestratorSettings): SequentialSettings {
  const problems: string[] = [];
  if (!Number.isInteger(settings.maxTurnAttempts) || settings.maxTurnAttempts < 1) {
    problems.push(`maxTurnAttempts must be a whole number of at least 1 (got ${String(settings.maxTurnAttempts)})`);
  }
  const positive = (name: string, value: number | undefined): void => {
    if (value !== undefined && !(Number.isFinite(value) && value > 0))
      problems.push(`${name} must be a number above 0 (got ${String(value)})`);
  };
  positive('timeoutMs', settings.timeoutMs);
  positive('roundTimeoutMs', settings.roundTimeoutMs);
  positive('budget.maxTokensTotal', settings.budget.maxTokensTotal);
  positive('budget.maxCostUsd', settings.budget.maxCostUsd);
  if (problems.length > 0) {
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message: `Invalid orchestrator settings for the sequential workflow: ${problems.join('; ')}.`,
    });
  }
  return {
    maxTurnAttempts: settings.maxTurnAttempts,
    timeoutMs: settings.timeoutMs,
    stageTimeoutMs: settings.roundTimeoutMs,
    maxTokensTotal: settings.budget.maxTokensTotal,
    maxCostUsd: settings.budget.maxCostUsd,
  };
}

/** Voting and convergence settings mean nothing to a pipeline; the user is told, not ignored. */
export function votingSettingWarnings(settings: OrchestratorSettings): Warning[] {
  const ignored: Array<[string, boolean]> = [
    ['max_rounds', settings.maxRounds !== undefined],
    ['convergence_threshold', settings.convergenceThreshold !== undefined],
    ['voting_method', settings.votingMethod !== 'majority'],
    ['restart_after_stagnation', settings.restartAfterStagnation !== undefined],
    ['plateau_rounds', settings.plateauRounds !== undefined],
    ['max_new_answers_per_agent', settings.maxNewAnswersPerAgent !== undefined],
    [
      'answer_novelty_requirement',
      settings.answerNoveltyRequirement !== undefined && settings.answerNoveltyRequirement !== 'lenient',
    ],
    ['round_timeout_grace_seconds', settings.roundGraceMs !== undefined],
  ];
  return ignored
    .filter(([, isSet]) => isSet)
    .map(([key]) => ({
      code: 'setting-without-effect',
      message: `${key} has no effect in the sequential workflow: agents run once each, in order, without voting.`,
      path: key === 'round_timeout_grace_seconds' ? `timeout_settings.${key}` : `orchestrator.${key}`,
    }));
}
