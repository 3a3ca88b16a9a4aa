import type { z } from 'zod';
import { MassGenError } from '@massgen/core';
import type {
  StrategyContext,
  StrategyModelChoice,
  StrategySettingFinding,
  StrategySettings,
  Warning,
} from '@massgen/core';
import type { NoveltyRequirement } from './answer-novelty.js';
import {
  defaultSummaryAboveWords,
  defaultSummaryMaxWords,
  voteAgentSettingsSchema,
  voteSettingsSchema,
} from './vote-settings-schema.js';
import type { VoteAgentKeys, VoteKeys } from './vote-settings-schema.js';
import type {
  AnswerSummarySettings,
  FinalAnswerStrategy,
  TopologySettings,
  VotingMethod,
  VotingSensitivity,
} from './vote-setting-types.js';

/** Upstream MassGen's default grace after a round's time limit (`round_timeout_grace_seconds`). */
export const defaultRoundGraceMs = 120_000;

/** How long a silent agent may keep a team that has otherwise voted waiting (`straggler_timeout_seconds`). */
export const defaultStragglerTimeoutMs = 120_000;

/** The vote keys of a run, as the schemas parsed them. */
export interface VoteKeySettings {
  run: VoteKeys;
  agents: Readonly<Record<string, VoteAgentKeys>>;
}

/** The settings the vote strategy acts on, checked, with its defaults applied. */
export interface VoteSettings {
  maxTurnAttempts: number;
  maxRounds: number | undefined;
  convergenceThreshold: number | undefined;
  votingMethod: VotingMethod;
  topology: TopologySettings;
  /** Absent: every answer is quoted verbatim. */
  answerSummary: AnswerSummarySettings | undefined;
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
  /** How many times the winner may restart the coordination after presenting; 0 offers no restart. */
  maxOrchestrationRestarts: number;
  /** Each agent's voting sensitivity, by agent id (the team's for agents without their own). */
  votingSensitivityOf: (agentId: string) => VotingSensitivity;
  maxTokensTotal: number | undefined;
  maxCostUsd: number | undefined;
}

/**
 * The vote keys as the runtime parsed them, or, for a caller that hands a context over directly,
 * parsed here from `settings.strategyKeys` with the same schemas, each problem added to `problems`:
 * a bad value is a configuration error naming the key, never a limit that silently never fires.
 */
function parseVoteKeys(
  context: Pick<StrategyContext, 'settings' | 'strategySettings'>,
  problems: string[],
): VoteKeySettings {
  if (context.strategySettings !== undefined) {
    return {
      run: context.strategySettings.run ?? {},
      agents: context.strategySettings.agents as Readonly<Record<string, VoteAgentKeys>>,
    };
  }
  const written = context.settings.strategyKeys;
  const parse = <Schema extends z.ZodType>(
    schema: Schema,
    input: unknown,
    prefix: string,
  ): z.output<Schema> | undefined => {
    const result = schema.safeParse(input);
    if (result.success) return result.data;
    for (const issue of result.error.issues)
      problems.push(`${[prefix, ...issue.path.map(String)].filter((part) => part !== '').join('.')}: ${issue.message}`);
    return undefined;
  };
  const run = parse(voteSettingsSchema, written?.run ?? {}, '') ?? {};
  const agents: Record<string, VoteAgentKeys> = {};
  for (const [agentId, keys] of Object.entries(written?.agents ?? {})) {
    const parsed = parse(voteAgentSettingsSchema, keys, `agent "${agentId}"`);
    if (parsed !== undefined) agents[agentId] = parsed;
  }
  return { run, agents };
}

/**
 * Checks the shared settings the strategy relies on (a programmatic caller can hand over
 * anything, and a bad limit would silently never fire) and applies the vote keys' defaults.
 */
export function readVoteSettings(context: Pick<StrategyContext, 'settings' | 'strategySettings'>): VoteSettings {
  const { settings } = context;
  const problems: string[] = [];
  const whole = (name: string, value: number | undefined): void => {
    if (value !== undefined && (!Number.isInteger(value) || value < 1)) {
      problems.push(`${name} must be a whole number of at least 1 (got ${String(value)})`);
    }
  };
  const positive = (name: string, value: number | undefined): void => {
    if (value !== undefined && !(Number.isFinite(value) && value > 0)) {
      problems.push(`${name} must be a number above 0 (got ${String(value)})`);
    }
  };
  whole('maxTurnAttempts', settings.maxTurnAttempts);
  whole('maxRounds', settings.maxRounds);
  positive('timeoutMs', settings.timeoutMs);
  positive('roundTimeoutMs', settings.roundTimeoutMs);
  positive('budget.maxTokensTotal', settings.budget.maxTokensTotal);
  positive('budget.maxCostUsd', settings.budget.maxCostUsd);
  const keys = parseVoteKeys(context, problems);
  if (problems.length > 0) throw invalidSettings(problems);
  const { run } = keys;
  const finalAnswerStrategy = finalAnswerStrategyOf(run);
  return {
    maxTurnAttempts: settings.maxTurnAttempts,
    maxRounds: settings.maxRounds,
    convergenceThreshold: run.convergence_threshold ?? undefined,
    votingMethod: run.voting_method ?? 'majority',
    topology: topologyOf(run.topology),
    answerSummary: answerSummaryOf(run.answer_summary),
    timeoutMs: settings.timeoutMs,
    maxNewAnswersPerAgent: run.max_new_answers_per_agent ?? undefined,
    answerNoveltyRequirement: run.answer_novelty_requirement ?? 'lenient',
    restartsEnabled: run.enable_restarts ?? true,
    restartAfterStagnation: run.restart_after_stagnation ?? undefined,
    plateauRounds: run.plateau_rounds ?? undefined,
    interruptStaleTurns: run.interrupt_stale_turns ?? true,
    roundTimeoutMs: settings.roundTimeoutMs,
    roundGraceMs: toMilliseconds(run.round_timeout_grace_seconds) ?? defaultRoundGraceMs,
    stragglerTimeoutMs: toMilliseconds(run.straggler_timeout_seconds) ?? defaultStragglerTimeoutMs,
    skipFinalPresentation: finalAnswerStrategy === 'winner_reuse',
    finalAnswerStrategy,
    maxOrchestrationRestarts: run.max_orchestration_restarts ?? 0,
    votingSensitivityOf: (agentId) => keys.agents[agentId]?.voting_sensitivity ?? run.voting_sensitivity ?? 'balanced',
    maxTokensTotal: settings.budget.maxTokensTotal,
    maxCostUsd: settings.budget.maxCostUsd,
  };
}

/**
 * Settings that are set but cannot act on this run, so the user is told instead of guessing.
 * Invalid keys give none here: reading the settings reports them.
 */
export function ineffectiveSettingWarnings(context: Pick<StrategyContext, 'settings' | 'strategySettings'>): Warning[] {
  const { settings } = context;
  const { run } = parseVoteKeys(context, []);
  const warnings: Warning[] = [];
  if (run.restart_after_stagnation != null && run.enable_restarts === false) {
    warnings.push({
      code: 'setting-without-effect',
      message:
        'restart_after_stagnation has no effect because enable_restarts is false: a stalled team is neither prompted nor restarted.',
      path: 'orchestrator.restart_after_stagnation',
    });
  }
  if (run.round_timeout_grace_seconds != null && settings.roundTimeoutMs === undefined) {
    warnings.push({
      code: 'setting-without-effect',
      message: 'round_timeout_grace_seconds has no effect without a round time limit (initial_round_timeout_seconds).',
      path: 'timeout_settings.round_timeout_grace_seconds',
    });
  }
  return warnings;
}

/**
 * Found before the run: `skip_final_presentation` that disagrees with `final_answer_strategy`;
 * the strategy named wins and the warning says so.
 */
export function voteSettingsWarnings(settings: StrategySettings): StrategySettingFinding[] {
  const run = (settings.run ?? {}) as VoteKeys;
  const named = run.final_answer_strategy ?? undefined;
  const skip = run.skip_final_presentation ?? undefined;
  if (named === undefined || skip === undefined || skip === (named === 'winner_reuse')) return [];
  return [
    {
      key: 'skip_final_presentation',
      code: 'conflicting-setting',
      message: `orchestrator.skip_final_presentation (${String(skip)}) disagrees with final_answer_strategy "${named}"; the final answer strategy is used`,
    },
  ];
}

/** The summaries' model when it is not the author's own: the run checks it before it starts. */
export function voteModelChoices(settings: StrategySettings): StrategyModelChoice[] {
  const model = answerSummaryOf((settings.run as VoteKeys | undefined)?.answer_summary)?.model;
  return model === undefined ? [] : [{ key: ['answer_summary', 'model'], choice: model }];
}

/** `final_answer_strategy`, or `winner_reuse` for upstream's `skip_final_presentation: true`. */
function finalAnswerStrategyOf(run: VoteKeys): FinalAnswerStrategy {
  return run.final_answer_strategy ?? (run.skip_final_presentation === true ? 'winner_reuse' : 'winner_present');
}

/** By its name alone `ring` takes 2 neighbors, `top_k` k = 3, `islands` groups of 4, `tournament` matches of 4. */
function topologyOf(topology: VoteKeys['topology']): TopologySettings {
  if (topology == null) return { type: 'full' };
  const given = typeof topology === 'string' ? { type: topology } : topology;
  const number = (value: number | null | undefined, fallback: number): number => value ?? fallback;
  const { neighbors, k, size } = given as { neighbors?: number | null; k?: number | null; size?: number | null };
  if (given.type === 'ring') return { type: 'ring', neighbors: number(neighbors, 2) };
  if (given.type === 'top_k') return { type: 'top_k', k: number(k, 3) };
  if (given.type === 'islands') return { type: 'islands', size: number(size, 4) };
  if (given.type === 'tournament') return { type: 'tournament', size: number(size, 4) };
  return { type: 'full' };
}

/** `true` takes the defaults; `model: agent` (or none) is the author's own backend and model. */
function answerSummaryOf(written: VoteKeys['answer_summary']): AnswerSummarySettings | undefined {
  if (written == null || written === false) return undefined;
  const given = written === true ? {} : written;
  const settings: AnswerSummarySettings = {
    aboveWords: given.above_words ?? defaultSummaryAboveWords,
    maxWords: given.max_words ?? defaultSummaryMaxWords,
  };
  if (given.model == null || given.model === 'agent') return settings;
  const { type, model, ...options } = given.model;
  return {
    ...settings,
    model: {
      ...(type === undefined ? {} : { type }),
      ...(model === undefined ? {} : { model }),
      ...(Object.keys(options).length === 0 ? {} : { options }),
    },
  };
}

function toMilliseconds(seconds: number | null | undefined): number | undefined {
  return seconds == null ? undefined : Math.round(seconds * 1000);
}

function invalidSettings(problems: readonly string[]): MassGenError {
  return new MassGenError({
    code: 'CONFIG_INVALID',
    message: `Invalid orchestrator settings for the vote strategy: ${problems.join('; ')}.`,
  });
}
