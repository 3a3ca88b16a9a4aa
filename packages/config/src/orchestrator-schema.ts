import { z } from 'zod';
import { choiceOf, flag, nonEmptyText, numberBetween, positiveInteger, positiveNumber } from './schema-primitives.js';

const topologyTypes = ['full', 'ring', 'top_k', 'islands', 'tournament'] as const;

/** `topology: ring`, or with its parameter: `topology: {type: ring, neighbors: 3}`. */
const topologySchema = z.union(
  [
    choiceOf(topologyTypes),
    z
      .object({
        type: choiceOf(topologyTypes),
        neighbors: positiveInteger().nullish(),
        k: positiveInteger().nullish(),
        size: positiveInteger().nullish(),
      })
      .superRefine((topology, context) => {
        if (topology.neighbors != null && topology.type !== 'ring')
          context.addIssue({ code: 'custom', path: ['neighbors'], message: 'only a ring takes neighbors' });
        if (topology.k != null && topology.type !== 'top_k')
          context.addIssue({ code: 'custom', path: ['k'], message: 'only top_k takes k' });
        if (topology.size != null && topology.type !== 'islands' && topology.type !== 'tournament')
          context.addIssue({ code: 'custom', path: ['size'], message: 'only islands and tournament take size' });
        // A match of one would advance every agent forever.
        if (topology.size != null && topology.type === 'tournament' && topology.size < 2)
          context.addIssue({
            code: 'custom',
            path: ['size'],
            message: `expected at least 2 agents per tournament match, got ${topology.size}`,
          });
      }),
  ],
  {
    error:
      'expected "full", "ring", "top_k", "islands" or "tournament", or a mapping such as {type: ring, neighbors: 3}',
  },
);

/**
 * `orchestrator`, in either dialect. Defaults applied when a key is absent:
 * `workflow: parallel`, `voting_method: majority`, `enable_restarts: true`,
 * `max_turn_attempts: 3` (the attempts an agent gets to end a turn with one workflow call),
 * `skip_final_presentation: false`, `interrupt_stale_turns: true` (left to the strategy), no
 * budget. `max_rounds`, `convergence_threshold`, `restart_after_stagnation`, `plateau_rounds`
 * and `max_new_answers_per_agent` have no default: the strategy runs until every agent has
 * voted. `max_new_answers_per_agent: null` means unlimited.
 */
export const orchestratorSchema = z.object({
  workflow: choiceOf(['parallel', 'sequential']).nullish(),
  strategy: nonEmptyText('a strategy name such as "vote" or "sequential", or a package name').nullish(),
  max_rounds: positiveInteger().nullish(),
  convergence_threshold: numberBetween(0, 1, { aboveMinimum: true }).nullish(),
  voting_method: choiceOf(['majority', 'weighted_by_confidence']).nullish(),
  topology: topologySchema.nullish(),
  enable_restarts: flag().nullish(),
  restart_after_stagnation: positiveInteger().nullish(),
  plateau_rounds: positiveInteger().nullish(),
  interrupt_stale_turns: flag().nullish(),
  max_turn_attempts: positiveInteger().nullish(),
  skip_final_presentation: flag().nullish(),
  coordinate_single_agent: flag().nullish(),
  budget: z
    .object({
      max_tokens_total: positiveInteger().nullish(),
      max_cost_usd: positiveNumber().nullish(),
    })
    .nullish(),
  max_new_answers_per_agent: positiveInteger().nullish(),
  answer_novelty_requirement: choiceOf(['lenient', 'balanced', 'strict']).nullish(),
  voting_sensitivity: choiceOf(['lenient', 'balanced', 'strict']).nullish(),
  final_answer_strategy: choiceOf(['winner_present', 'winner_reuse', 'synthesize']).nullish(),
  max_concurrent_requests: positiveInteger().nullish(),
});

/**
 * Upstream's `timeout_settings`, in seconds (read in either dialect). Defaults: the whole
 * coordination 1800 s, no round limit, a 120 s grace after one, a straggler dropped after 120 s
 * of silence once the rest of the team is done.
 */
export const timeoutSettingsSchema = z.object({
  orchestrator_timeout_seconds: positiveNumber().nullish(),
  initial_round_timeout_seconds: positiveNumber().nullish(),
  subsequent_round_timeout_seconds: positiveNumber().nullish(),
  round_timeout_grace_seconds: secondsOrZero(),
  straggler_timeout_seconds: secondsOrZero(),
});

function secondsOrZero() {
  return z
    .number({ error: 'expected a number of seconds, 0 or more' })
    .gte(0, { error: 'expected a number of seconds, 0 or more' })
    .nullish();
}
