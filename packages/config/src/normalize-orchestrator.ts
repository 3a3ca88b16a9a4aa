import type { FinalAnswerStrategy, OrchestratorSettings, TopologySettings, VotingSensitivity } from '@massgen/core';
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
    votingMethod: 'majority',
    enableRestarts: true,
    maxTurnAttempts: 3,
    skipFinalPresentation: false,
    budget: {},
  };
}

/** The strategy package a workflow runs with, unless `orchestrator.strategy` names one. */
export function defaultStrategy(workflow: OrchestratorSettings['workflow']): string {
  return workflow === 'sequential' ? 'sequential' : 'vote';
}

/**
 * Coordination settings from `orchestrator` and upstream's `timeout_settings` (seconds
 * become milliseconds), and the strategy to load.
 */
export function normalizeOrchestrator(
  config: ParsedConfig,
  context: { warnings: PathWarning[] },
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

  const finalStrategy = finalAnswerStrategy(settings, context.warnings);
  const orchestrator: OrchestratorSettings = dropUndefined({
    workflow,
    maxRounds: settings.max_rounds ?? defaults.maxRounds,
    convergenceThreshold: settings.convergence_threshold ?? undefined,
    votingMethod: settings.voting_method ?? defaults.votingMethod,
    topology: normalizeTopology(settings.topology),
    enableRestarts: settings.enable_restarts ?? defaults.enableRestarts,
    restartAfterStagnation: settings.restart_after_stagnation ?? undefined,
    plateauRounds: settings.plateau_rounds ?? undefined,
    interruptStaleTurns: settings.interrupt_stale_turns ?? undefined,
    maxNewAnswersPerAgent: settings.max_new_answers_per_agent ?? undefined,
    answerNoveltyRequirement: settings.answer_novelty_requirement ?? undefined,
    votingSensitivity: settings.voting_sensitivity ?? undefined,
    agentVotingSensitivity: agentVotingSensitivity(config),
    finalAnswerStrategy: finalStrategy,
    timeoutMs: toMilliseconds(timeouts.orchestrator_timeout_seconds) ?? defaults.timeoutMs,
    roundTimeoutMs: toMilliseconds(initialRound ?? laterRounds),
    roundGraceMs: toMilliseconds(timeouts.round_timeout_grace_seconds),
    stragglerTimeoutMs: toMilliseconds(timeouts.straggler_timeout_seconds),
    coordinateSingleAgent:
      settings.coordinate_single_agent ?? config.ui?.use_orchestrator_for_single_agent ?? undefined,
    maxTurnAttempts: settings.max_turn_attempts ?? defaults.maxTurnAttempts,
    skipFinalPresentation:
      finalStrategy === undefined ? defaults.skipFinalPresentation : finalStrategy === 'winner_reuse',
    budget: dropUndefined({
      maxTokensTotal: settings.budget?.max_tokens_total ?? undefined,
      maxCostUsd: settings.budget?.max_cost_usd ?? undefined,
    }),
  });

  return { orchestrator, strategy: settings.strategy ?? defaultStrategy(workflow) };
}

/** The agents that set their own `voting_sensitivity`, by id; none when no agent does. */
function agentVotingSensitivity(config: ParsedConfig): Record<string, VotingSensitivity> | undefined {
  const agents = config.agent === undefined ? (config.agents ?? []) : [config.agent];
  const overrides = agents.flatMap((agent) =>
    agent.voting_sensitivity == null ? [] : [[agent.id, agent.voting_sensitivity] as const],
  );
  return overrides.length === 0 ? undefined : Object.fromEntries(overrides);
}

/**
 * `final_answer_strategy`, or `winner_reuse` for upstream's `skip_final_presentation: true`.
 * When both are given and disagree, the strategy named wins and the warning says so.
 */
function finalAnswerStrategy(
  settings: NonNullable<ParsedConfig['orchestrator']>,
  warnings: PathWarning[],
): FinalAnswerStrategy | undefined {
  const named = settings.final_answer_strategy ?? undefined;
  const skip = settings.skip_final_presentation ?? undefined;
  if (named !== undefined && skip !== undefined && skip !== (named === 'winner_reuse')) {
    warnings.push({
      code: 'conflicting-setting',
      segments: ['orchestrator', 'skip_final_presentation'],
      message: `orchestrator.skip_final_presentation (${String(skip)}) disagrees with final_answer_strategy "${named}"; the final answer strategy is used`,
    });
  }
  return named ?? (skip === true ? 'winner_reuse' : undefined);
}

/** By its name alone `ring` takes 2 neighbors, `top_k` k = 3, `islands` groups of 4, `tournament` matches of 2. */
function normalizeTopology(
  topology: NonNullable<ParsedConfig['orchestrator']>['topology'],
): TopologySettings | undefined {
  if (topology == null) return undefined;
  const given: { type: TopologySettings['type']; neighbors?: number | null; k?: number | null; size?: number | null } =
    typeof topology === 'string' ? { type: topology } : topology;
  if (given.type === 'ring') return { type: 'ring', neighbors: given.neighbors ?? 2 };
  if (given.type === 'top_k') return { type: 'top_k', k: given.k ?? 3 };
  if (given.type === 'islands') return { type: 'islands', size: given.size ?? 4 };
  if (given.type === 'tournament') return { type: 'tournament', size: given.size ?? 2 };
  return { type: 'full' };
}

function toMilliseconds(seconds: number | null | undefined): number | undefined {
  return seconds == null ? undefined : Math.round(seconds * 1000);
}
