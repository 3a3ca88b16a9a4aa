import { MassGenError } from '@massgen/core';
import type {
  FinalAnswerStrategy,
  OrchestratorSettings,
  TopologySettings,
  VotingMethod,
  VotingSensitivity,
  Warning,
} from '@massgen/core';
import type { NoveltyRequirement } from './answer-novelty.js';

/** Upstream MassGen's default grace after a round's time limit (`round_timeout_grace_seconds`). */
export const defaultRoundGraceMs = 120_000;

/** How long a silent agent may keep a team that has otherwise voted waiting (`straggler_timeout_seconds`). */
export const defaultStragglerTimeoutMs = 120_000;

/** The orchestrator settings the vote strategy acts on, checked. */
export interface VoteSettings {
  maxTurnAttempts: number;
  maxRounds: number | undefined;
  convergenceThreshold: number | undefined;
  votingMethod: VotingMethod;
  topology: TopologySettings;
  timeoutMs: number | undefined;
  maxNewAnswersPerAgent: number | undefined;
  answerNoveltyRequirement: NoveltyRequirement;
  restartsEnabled: boolean;
  restartAfterStagnation: number | undefined;
  plateauRounds: number | undefined;
  interruptStaleTurns: boolean;
  /** Time a coordination turn gets before it is stopped. */
  roundTimeoutMs: number | undefined;
  /** Time the one wrap-up attempt after a round timeout gets; 0 drops the agent at once. */
  roundGraceMs: number;
  /** Silence after which a straggler is dropped once every other agent has voted; 0 waits. */
  stragglerTimeoutMs: number;
  skipFinalPresentation: boolean;
  /** `synthesize` changes the presentation prompt; `winner_reuse` is `skipFinalPresentation`. */
  finalAnswerStrategy: FinalAnswerStrategy;
  /** Each agent's voting sensitivity, by agent id (the team's for agents without their own). */
  votingSensitivityOf: (agentId: string) => VotingSensitivity;
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
  whole('restartAfterStagnation', settings.restartAfterStagnation, 1);
  whole('plateauRounds', settings.plateauRounds, 1);
  positive('timeoutMs', settings.timeoutMs);
  positive('roundTimeoutMs', settings.roundTimeoutMs);
  const atLeastZero = (name: string, value: number | undefined): void => {
    if (value !== undefined && !(Number.isFinite(value) && value >= 0)) {
      problems.push(`${name} must be a number of at least 0 (got ${String(value)})`);
    }
  };
  atLeastZero('roundGraceMs', settings.roundGraceMs);
  atLeastZero('stragglerTimeoutMs', settings.stragglerTimeoutMs);
  positive('budget.maxTokensTotal', settings.budget.maxTokensTotal);
  positive('budget.maxCostUsd', settings.budget.maxCostUsd);
  const threshold = settings.convergenceThreshold;
  if (threshold !== undefined && !(threshold > 0 && threshold <= 1)) {
    problems.push(`convergenceThreshold must be above 0 and at most 1 (got ${String(threshold)})`);
  }
  if (settings.votingMethod !== 'majority' && settings.votingMethod !== 'weighted_by_confidence') {
    problems.push(
      `votingMethod must be "majority" or "weighted_by_confidence" (got ${JSON.stringify(settings.votingMethod)})`,
    );
  }
  if (settings.interruptStaleTurns !== undefined && typeof settings.interruptStaleTurns !== 'boolean') {
    problems.push(`interruptStaleTurns must be true or false (got ${JSON.stringify(settings.interruptStaleTurns)})`);
  }
  const topology = settings.topology ?? { type: 'full' };
  if (topology.type === 'ring') whole('topology.neighbors', topology.neighbors ?? Number.NaN, 1);
  else if (topology.type === 'top_k') whole('topology.k', topology.k ?? Number.NaN, 1);
  else if (topology.type === 'islands') whole('topology.size', topology.size ?? Number.NaN, 1);
  else if (topology.type === 'tournament') whole('topology.size', topology.size ?? Number.NaN, 2);
  else if (topology.type !== 'full')
    problems.push(
      `topology.type must be "full", "ring", "top_k", "islands" or "tournament" (got ${JSON.stringify((topology as { type: unknown }).type)})`,
    );
  const novelty = settings.answerNoveltyRequirement ?? 'lenient';
  if (novelty !== 'lenient' && novelty !== 'balanced' && novelty !== 'strict') {
    problems.push(
      `answerNoveltyRequirement must be "lenient", "balanced" or "strict" (got ${JSON.stringify(novelty)})`,
    );
  }
  const sensitivities = ['lenient', 'balanced', 'strict'];
  for (const [name, value] of [
    ['votingSensitivity', settings.votingSensitivity],
    ...Object.entries(settings.agentVotingSensitivity ?? {}).map(([agentId, value]) => [
      `agentVotingSensitivity["${agentId}"]`,
      value,
    ]),
  ] as Array<[string, unknown]>) {
    if (value !== undefined && !sensitivities.includes(value as string)) {
      problems.push(`${name} must be "lenient", "balanced" or "strict" (got ${JSON.stringify(value)})`);
    }
  }
  const finalAnswerStrategy =
    settings.finalAnswerStrategy ?? (settings.skipFinalPresentation ? 'winner_reuse' : 'winner_present');
  if (!['winner_present', 'winner_reuse', 'synthesize'].includes(finalAnswerStrategy)) {
    problems.push(
      `finalAnswerStrategy must be "winner_present", "winner_reuse" or "synthesize" (got ${JSON.stringify(finalAnswerStrategy)})`,
    );
  }
  if (problems.length > 0) {
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message: `Invalid orchestrator settings for the vote strategy: ${problems.join('; ')}.`,
    });
  }
  return {
    maxTurnAttempts: settings.maxTurnAttempts,
    maxRounds: settings.maxRounds,
    convergenceThreshold: threshold,
    votingMethod: settings.votingMethod,
    topology,
    timeoutMs: settings.timeoutMs,
    maxNewAnswersPerAgent: settings.maxNewAnswersPerAgent,
    answerNoveltyRequirement: novelty,
    restartsEnabled: settings.enableRestarts,
    restartAfterStagnation: settings.restartAfterStagnation,
    plateauRounds: settings.plateauRounds,
    interruptStaleTurns: settings.interruptStaleTurns ?? true,
    roundTimeoutMs: settings.roundTimeoutMs,
    roundGraceMs: settings.roundGraceMs ?? defaultRoundGraceMs,
    stragglerTimeoutMs: settings.stragglerTimeoutMs ?? defaultStragglerTimeoutMs,
    skipFinalPresentation: finalAnswerStrategy === 'winner_reuse',
    finalAnswerStrategy,
    votingSensitivityOf: (agentId) =>
      settings.agentVotingSensitivity?.[agentId] ?? settings.votingSensitivity ?? 'balanced',
    maxTokensTotal: settings.budget.maxTokensTotal,
    maxCostUsd: settings.budget.maxCostUsd,
  };
}

/** Settings that are set but cannot act on this run, so the user is told instead of guessing. */
export function ineffectiveSettingWarnings(settings: OrchestratorSettings): Warning[] {
  const warnings: Warning[] = [];
  if (settings.restartAfterStagnation !== undefined && !settings.enableRestarts) {
    warnings.push({
      code: 'setting-without-effect',
      message:
        'restart_after_stagnation has no effect because enable_restarts is false: a stalled team is neither prompted nor restarted.',
      path: 'orchestrator.restart_after_stagnation',
    });
  }
  if (settings.roundGraceMs !== undefined && settings.roundTimeoutMs === undefined) {
    warnings.push({
      code: 'setting-without-effect',
      message: 'round_timeout_grace_seconds has no effect without a round time limit (initial_round_timeout_seconds).',
      path: 'timeout_settings.round_timeout_grace_seconds',
    });
  }
  return warnings;
}
