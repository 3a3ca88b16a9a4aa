/** How votes are counted. */
export type VotingMethod = 'majority' | 'weighted_by_confidence';

/** How much an agent asks of an answer before it votes for it rather than writing a better one. */
export type VotingSensitivity = 'lenient' | 'balanced' | 'strict';

/**
 * What becomes the final answer: the winner presents it with the other answers and the votes
 * in view (`winner_present`), the winning answer is returned as it is (`winner_reuse`), or the
 * winner merges the best of every answer into one (`synthesize`).
 */
export type FinalAnswerStrategy = 'winner_present' | 'winner_reuse' | 'synthesize';

/**
 * Which answers each agent is shown and may vote among: every answer (`full`), its own and its
 * `neighbors` nearest peers' in agent order (`ring`), its own and the `k` most-voted (`top_k`),
 * its group's of `size` agents and then, for group winners, the other group winners' (`islands`),
 * or its match's of `size` agents, the match winners advancing stage by stage (`tournament`).
 */
export type TopologySettings =
  | { type: 'full' }
  | { type: 'ring'; neighbors: number }
  | { type: 'top_k'; k: number }
  | { type: 'islands'; size: number }
  | { type: 'tournament'; size: number };

/** Coordination settings, normalised from either configuration dialect. */
export interface OrchestratorSettings {
  /** `parallel` is the answer/vote coordination; `sequential` chains agents in order. */
  workflow: 'parallel' | 'sequential';
  /** Most turns each agent takes; round k is every agent's k-th turn. */
  maxRounds?: number;
  /** Share of the votes (0–1) at which the leading answer wins before everyone has voted. */
  convergenceThreshold?: number;
  votingMethod: VotingMethod;
  /** Absent means `full`: every agent sees every answer. */
  topology?: TopologySettings;
  enableRestarts: boolean;
  /** Rounds without a novel answer before a coordination prompt or restart. */
  restartAfterStagnation?: number;
  /** Rounds without a novel answer after which coordination stops and the leader presents. */
  plateauRounds?: number;
  /**
   * Interrupt an agent's running turn when a new answer makes it out of date, and restart it
   * with the current answers, instead of letting it finish. Absent means `true`.
   */
  interruptStaleTurns?: boolean;
  maxNewAnswersPerAgent?: number;
  answerNoveltyRequirement?: 'lenient' | 'balanced' | 'strict';
  /** Every agent's voting sensitivity; `balanced` when absent. */
  votingSensitivity?: VotingSensitivity;
  /** Agents whose own `voting_sensitivity` overrides the team's, by agent id. */
  agentVotingSensitivity?: Record<string, VotingSensitivity>;
  /** `winner_present` when absent; `skipFinalPresentation` is `winner_reuse`. */
  finalAnswerStrategy?: FinalAnswerStrategy;
  /** Whole-run limit in milliseconds; at the limit the current leader presents. */
  timeoutMs?: number;
  /** Per-round limit in milliseconds, with `roundGraceMs` before the round is closed. */
  roundTimeoutMs?: number;
  roundGraceMs?: number;
  /**
   * Once every other live agent has voted, an agent that has sent nothing for this long is
   * dropped and the team concludes without it; 0 waits for it. Absent means 120 s.
   */
  stragglerTimeoutMs?: number;
  /**
   * A team of one answers in one model call unless this is true: then it answers, reviews and
   * votes on its own answer as a team would, and presents.
   */
  coordinateSingleAgent?: boolean;
  /** Attempts an agent gets to end a turn with exactly one workflow call. */
  maxTurnAttempts: number;
  /** Return the winning answer as it stands instead of having the winner present it. */
  skipFinalPresentation: boolean;
  budget: {
    maxTokensTotal?: number;
    maxCostUsd?: number;
  };
}
