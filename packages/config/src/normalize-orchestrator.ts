import type { OrchestratorSettings, StrategyKeys } from '@massgen/core';
import type { ParsedConfig } from './config-schema.js';
import { dropUndefined } from './drop-undefined.js';
import type { PathWarning } from './findings.js';

/** The settings a configuration without an `orchestrator` block runs with (see the orchestrator schema). */
export function defaultOrchestratorSettings(): OrchestratorSettings {
  return {
    workflow: 'parallel',
    // A run that sets no limits still ends: ten turns per agent, and upstream's 30-minute cap.
    maxRounds: 10,
    timeoutMs: 30 * 60 * 1000,
    maxTurnAttempts: 3,
    budget: {},
  };
}

/** The strategy package a workflow runs with, unless `orchestrator.strategy` names one. */
export function defaultStrategy(workflow: OrchestratorSettings['workflow']): string {
  return workflow === 'sequential' ? 'sequential' : 'vote';
}

/**
 * Coordination settings from `orchestrator` and upstream's `timeout_settings` (seconds
 * become milliseconds), with the strategy's own keys as written, and the strategy to load.
 */
export function normalizeOrchestrator(
  config: ParsedConfig,
  context: { warnings: PathWarning[]; strategyKeys: StrategyKeys },
): { orchestrator: OrchestratorSettings; strategy: string } {
  const settings = config.orchestrator ?? {};
  const timeouts = config.timeout_settings ?? {};
  const defaults = defaultOrchestratorSettings();
  const workflow = settings.workflow ?? defaults.workflow;

  const initialRound = timeouts.initial_round_timeout_seconds ?? undefined;
  const laterRounds = timeouts.subsequent_round_timeout_seconds ?? undefined;
  if (initialRound !== undefined && laterRounds !== undefined && initialRound !== laterRounds) {
    context.warnings.push({
      code: 'approximated-setting',
      segments: ['timeout_settings', 'subsequent_round_timeout_seconds'],
      message: `timeout_settings.subsequent_round_timeout_seconds (${laterRounds}) differs from initial_round_timeout_seconds (${initialRound}); MassGen-TS has one round timeout and uses ${initialRound} seconds for every round`,
    });
  }

  const orchestrator: OrchestratorSettings = dropUndefined({
    workflow,
    maxRounds: settings.max_rounds ?? defaults.maxRounds,
    timeoutMs: toMilliseconds(timeouts.orchestrator_timeout_seconds) ?? defaults.timeoutMs,
    roundTimeoutMs: toMilliseconds(initialRound ?? laterRounds),
    coordinateSingleAgent:
      settings.coordinate_single_agent ?? config.ui?.use_orchestrator_for_single_agent ?? undefined,
    maxTurnAttempts: settings.max_turn_attempts ?? defaults.maxTurnAttempts,
    budget: dropUndefined({
      maxTokensTotal: settings.budget?.max_tokens_total ?? undefined,
      maxCostUsd: settings.budget?.max_cost_usd ?? undefined,
    }),
    strategyKeys: context.strategyKeys,
  });

  return { orchestrator, strategy: settings.strategy ?? defaultStrategy(workflow) };
}

function toMilliseconds(seconds: number | null | undefined): number | undefined {
  return seconds == null ? undefined : Math.round(seconds * 1000);
}
