/**
 * The keys a strategy owns, as written (snake_case, after `${ENV}` interpolation): the
 * `orchestrator` keys MassGen itself does not read (with the few upstream writes elsewhere, such
 * as `timeout_settings.straggler_timeout_seconds`), and each agent's own (`voting_sensitivity`).
 * The strategy's schemas check them; see `StrategyModule.settingsSchema`.
 */
export interface StrategyKeys {
  run: Readonly<Record<string, unknown>>;
  /** By agent id; only agents that write strategy keys have an entry. */
  agents: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/**
 * Coordination settings every strategy shares, normalised from either configuration dialect.
 * Whatever is particular to one way of coordinating (voting, topologies, restarts) is the
 * strategy's, in `strategyKeys`.
 */
export interface OrchestratorSettings {
  /** `parallel` runs the default strategy (the vote); `sequential` chains agents in order. */
  workflow: 'parallel' | 'sequential';
  /** Most turns each agent takes; round k is every agent's k-th turn. */
  maxRounds?: number;
  /** Whole-run limit in milliseconds; at the limit the strategy ends with what it has. */
  timeoutMs?: number;
  /** Limit of one turn (a round, a stage) in milliseconds. */
  roundTimeoutMs?: number;
  /**
   * A team of one answers in one model call unless this is true: then it runs the strategy as
   * a team would. The runtime decides this before any strategy is loaded.
   */
  coordinateSingleAgent?: boolean;
  /** Attempts an agent gets to end a turn with exactly one workflow call. */
  maxTurnAttempts: number;
  budget: {
    maxTokensTotal?: number;
    maxCostUsd?: number;
  };
  /** The keys the strategy owns, as written; absent means none. */
  strategyKeys?: StrategyKeys;
}
