import { MassGenError } from '@massgen/core';
import type { OrchestratorSettings, VotingMethod, Warning } from '@massgen/core';

/** The orchestrator settings the vote strategy acts on, checked. */
export interface VoteSettings {
  maxTurnAttempts: number;
  maxRounds: number | undefined;
  convergenceThreshold: number | undefined;
  votingMethod: VotingMethod;
  timeoutMs: number | undefined;
  maxNewAnswersPerAgent: number | undefined;
  skipFinalPresentation: boolean;
  maxTokensTotal: number | undefined;
  maxCostUsd: number | undefined;
}

/**
 * Checks the settings the strategy relies on. The configuration package validates files, but a
 * programmatic caller can hand over anything, and a bad limit would silently never fire.
 */
export function readVoteSettings(settings: OrchestratorSettings): VoteSettings {
  const problems: string[] = [];
  const whole = (name: string, value: number | undefined, minimum: number): void => {
    if (value !== undefined && (!Number.isInteger(value) || value < minimum)) {
      problems.push(`${name} must be a whole number of at least ${minimum} (got ${String(value)})`);
    }
  };
  const positive = (name: string, value: number | undefined): void => {
    if (value !== undefined && !(Number.isFinite(value) && value > 0)) {
      problems.push(`${name} must be a number above 0 (got ${String(value)})`);
    }
  };
  whole('maxTurnAttempts', settings.maxTurnAttempts, 1);
  whole('maxRounds', settings.maxRounds, 1);
  whole('maxNewAnswersPerAgent', settings.maxNewAnswersPerAgent, 1);
  positive('timeoutMs', settings.timeoutMs);
  positive('budget.maxTokensTotal', settings.budget.maxTokensTotal);
  positive('budget.maxCostUsd', settings.budget.maxCostUsd);
  const threshold = settings.convergenceThreshold;
  if (threshold !== undefined && !(threshold > 0 && threshold <= 1)) {
    problems.push(`convergenceThreshold must be above 0 and at most 1 (got ${String(threshold)})`);
  }
  if (settings.votingMethod !== 'majority' && settings.votingMethod !== 'weighted_by_confidence') {
    problems.push(`votingMethod must be "majority" or "weighted_by_confidence" (got ${JSON.stringify(settings.votingMethod)})`);
  }
  if (problems.length > 0) {
    throw new MassGenError({ code: 'CONFIG_INVALID', message: `Invalid orchestrator settings for the vote strategy: ${problems.join('; ')}.` });
  }
  return {
    maxTurnAttempts: settings.maxTurnAttempts,
    maxRounds: settings.maxRounds,
    convergenceThreshold: threshold,
    votingMethod: settings.votingMethod,
    timeoutMs: settings.timeoutMs,
    maxNewAnswersPerAgent: settings.maxNewAnswersPerAgent,
    skipFinalPresentation: settings.skipFinalPresentation,
    maxTokensTotal: settings.budget.maxTokensTotal,
    maxCostUsd: settings.budget.maxCostUsd,
  };
}

/** Settings that are set but that this strategy does not act on yet, so the user is told. */
export function unsupportedSettingWarnings(settings: OrchestratorSettings): Warning[] {
  const unsupported: Array<[string, boolean]> = [
    ['restartAfterStagnation', settings.restartAfterStagnation !== undefined],
    ['answerNoveltyRequirement', settings.answerNoveltyRequirement !== undefined && settings.answerNoveltyRequirement !== 'lenient'],
    ['roundTimeoutMs', settings.roundTimeoutMs !== undefined],
    ['roundGraceMs', settings.roundGraceMs !== undefined],
  ];
  return unsupported
    .filter(([, isSet]) => isSet)
    .map(([name]) => ({
      code: 'unsupported-setting',
      message: `The vote strategy does not support the orchestrator setting ${name} yet; it has no effect on this run.`,
    }));
}
