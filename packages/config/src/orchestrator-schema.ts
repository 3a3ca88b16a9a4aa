import { z } from 'zod';
import { choiceOf, flag, nonEmptyText, positiveInteger, positiveNumber } from './schema-primitives.js';

/**
 * The `orchestrator` keys every strategy shares, in either dialect. Defaults applied when a key
 * is absent: `workflow: parallel`, `max_rounds: 10`, `max_turn_attempts: 3` (the attempts an
 * agent gets to end a turn with one workflow call), no budget. Every other key is the
 * strategy's (`collectStrategyKeys`), checked by its own schema.
 */
export const orchestratorSchema = z.object({
  workflow: choiceOf(['parallel', 'sequential']).nullish(),
  strategy: nonEmptyText('a strategy name such as "vote" or "sequential", or a package name').nullish(),
  max_rounds: positiveInteger().nullish(),
  max_turn_attempts: positiveInteger().nullish(),
  coordinate_single_agent: flag().nullish(),
  budget: z
    .object({
      max_tokens_total: positiveInteger().nullish(),
      max_cost_usd: positiveNumber().nullish(),
    })
    .nullish(),
  max_concurrent_requests: positiveInteger().nullish(),
});

/**
 * Upstream's `timeout_settings`, in seconds (read in either dialect). Defaults: the whole
 * coordination 1800 s, no round limit. Its other keys are the strategy's.
 */
export const timeoutSettingsSchema = z.object({
  orchestrator_timeout_seconds: positiveNumber().nullish(),
  initial_round_timeout_seconds: positiveNumber().nullish(),
  subsequent_round_timeout_seconds: positiveNumber().nullish(),
});
