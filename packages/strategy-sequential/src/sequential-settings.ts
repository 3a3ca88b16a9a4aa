import { MassGenError } from '@massgen/core';
import type { OptionsSchema, OrchestratorSettings, Warning } from '@massgen/core';

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

/**
 * The pipeline owns no keys of its own: it takes every strategy key as unread, so the run warns
 * about each (a vote key such as `voting_method` means nothing to a pipeline).
 */
export const sequentialSettingsSchema: OptionsSchema<Record<string, never>> = {
  safeParse: () => ({ success: true, data: {} }),
};

/** `max_rounds` is shared by the strategies, but a pipeline runs each agent once, so the user is told. */
export function votingSettingWarnings(settings: OrchestratorSettings): Warning[] {
  if (settings.maxRounds === undefined) return [];
  return [
    {
      code: 'setting-without-effect',
      message: 'max_rounds has no effect in the sequential workflow: agents run once each, in order, without voting.',
      path: 'orchestrator.max_rounds',
    },
  ];
}
