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

/**
 * `answer_summary`: answers longer than `aboveWords` are quoted to other agents as a summary of
 * at most `maxWords`, written by `model` (absent: the author's own backend and model).
 */
export interface AnswerSummarySettings {
  aboveWords: number;
  maxWords: number;
  model?: { type?: string; model?: string; options?: Record<string, unknown> };
}
