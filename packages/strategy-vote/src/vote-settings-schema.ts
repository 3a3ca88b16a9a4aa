import { z } from 'zod';

/**
 * The keys the vote strategy owns, snake_case as written, in either dialect: under
 * `orchestrator`, except `round_timeout_grace_seconds` and `straggler_timeout_seconds`, which
 * upstream writes under `timeout_settings`, `max_orchestration_restarts`, which it writes under
 * `orchestrator.coordination`, and `voting_sensitivity`, which an agent may write for itself. Each schema carries its whole expectation in one message, as the loader's do.
 */

const sensitivities = ['lenient', 'balanced', 'strict'] as const;
const topologyTypes = ['full', 'ring', 'top_k', 'islands', 'tournament'] as const;

function choiceOf<const Values extends readonly [string, ...string[]]>(values: Values) {
  return z.enum(values, { error: `expected one of ${values.map((value) => JSON.stringify(value)).join(', ')}` });
}

function positiveInteger() {
  const error = 'expected a whole number of at least 1';
  return z.int({ error }).gte(1, { error });
}

function flag() {
  return z.boolean({ error: 'expected true or false' });
}

function secondsOrZero() {
  const error = 'expected a number of seconds, 0 or more';
  return z.number({ error }).gte(0, { error });
}

/** `topology: ring`, or with its parameter: `topology: {type: ring, neighbors: 3}`. */
const topologySchema = z.union(
  [
    choiceOf(topologyTypes),
    z
      .object({
        type: choiceOf(topologyTypes).describe('`full`, `ring`, `top_k`, `islands` or `tournament`.'),
        neighbors: positiveInteger()
          .nullish()
          .describe(
            'With `ring`: how many nearest peers each agent sees besides itself, taken after and before it in turn (a peer dropped before it answered is passed over for the next). Default 2.',
          ),
        k: positiveInteger()
          .nullish()
          .describe(
            'With `top_k`: how many of the most-voted answers each agent sees (answers nobody has voted for rank by who answered first), besides its own. Default 3.',
          ),
        size: positiveInteger()
          .nullish()
          .describe(
            "With `islands`: how many agents each group has, in agent order (the last may be smaller). Each agent sees the answers of its group; once every agent has voted, the author of each group's most-voted answer votes again in a final round among the group winners, and the answer with the most votes in all wins. Default 4. With `tournament`: how many agents meet in each match (at least 2). Default 4: a stage takes every quarter of the field where pairwise matches (`size: 2`) take every half, so fifty agents meet in 3 stages rather than 6. Stage 1 matches the agents in agent order; once every agent has voted, the author of each match's winning answer (most votes of the match's members; ties to the agent listed first; with no votes, the first to answer) advances, and the advancers meet in matches of the same size, each shown only its match's answers and voting again; an agent left alone in a match advances without a turn. The answer that wins the last match wins the run; stopped early (answer-now, a limit), the answer with the most votes among those still in the tournament wins.",
          ),
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

/** The default threshold and length of `answer_summary`, in words. */
export const defaultSummaryAboveWords = 300;
export const defaultSummaryMaxWords = 120;

/** A cheap model for the summaries: a backend block as agents write one. */
const summaryModelBlock = z
  .looseObject(
    {
      type: z
        .string({ error: 'expected a backend type such as openai or gemini' })
        .min(1, { error: 'expected a backend type such as openai or gemini' })
        .optional()
        .describe("The backend type; by default the answering agent's own."),
      model: z
        .string({ error: 'expected a model name' })
        .min(1, { error: 'expected a model name' })
        .optional()
        .describe("The model; by default the answering agent's own."),
    },
    { error: 'expected "agent" or a backend block: {type, model, base_url, api_key, ...}' },
  )
  .describe('A backend as an agent writes one; other keys (base_url, api_key, ...) go to that backend.');

/**
 * `answer_summary: true` takes the defaults; a mapping sets them. Off when absent or `false`.
 */
const answerSummarySchema = z.union(
  [
    flag(),
    z.strictObject(
      {
        above_words: positiveInteger()
          .nullish()
          .describe(`Answers longer than this many words are summarised. Default ${defaultSummaryAboveWords}.`),
        max_words: positiveInteger()
          .nullish()
          .describe(`The longest summary the model is asked for, in words. Default ${defaultSummaryMaxWords}.`),
        model: z
          .union([z.literal('agent', { error: 'expected "agent"' }), summaryModelBlock], {
            error: 'expected "agent" or a backend block: {type, model, base_url, api_key, ...}',
          })
          .nullish()
          .describe(
            "Who writes the summaries: `agent` (each answer's own author's backend and model, the default) or a cheaper model as a backend block (`{type: openai, model: gpt-4.1-mini}`; keys left out come from the author's backend). Its calls count toward the author's usage, cost and the budgets.",
          ),
      },
      { error: 'expected true, false or a mapping such as {above_words: 300, max_words: 120}' },
    ),
  ],
  { error: 'expected true, false or a mapping such as {above_words: 300, max_words: 120}' },
);

/**
 * The run's vote keys. Defaults when a key is absent: `voting_method: majority`,
 * `enable_restarts: true`, `interrupt_stale_turns: true`, `final_answer_strategy: winner_present`,
 * `voting_sensitivity: balanced`, a 120 s round grace and straggler timeout. `convergence_threshold`,
 * `restart_after_stagnation`, `plateau_rounds` and `max_new_answers_per_agent` have no default:
 * the strategy runs until every agent has voted.
 */
export const voteSettingsSchema = z.object({
  convergence_threshold: z
    .number({ error: 'expected a number greater than 0 and at most 1' })
    .gt(0, { error: 'expected a number greater than 0 and at most 1' })
    .lte(1, { error: 'expected a number greater than 0 and at most 1' })
    .nullish()
    .describe("Stop when the leading answer's share of the votes reaches this (0 to 1)."),
  voting_method: choiceOf(['majority', 'weighted_by_confidence'])
    .nullish()
    .describe('`majority`, or `weighted_by_confidence` (votes weigh by the confidence each voter states).'),
  topology: topologySchema
    .nullish()
    .describe(
      "Which answers each agent is shown and may vote among: `full` (every answer, the default), `ring` (its own and its nearest peers' in agent order), `top_k` (its own and the most-voted), `islands` (its group's, then a final round among the group winners) or `tournament` (its match's; match winners advance stage by stage until one answer is left). A name alone takes the defaults; a mapping sets them: `{type: ring, neighbors: 3}`. Votes, consensus and the winner are counted as with `full` (except that a tournament's winner is its last match's); a sparse topology sends each agent fewer answers, and an answer an agent is not shown neither interrupts its turn nor outdates its vote, so it costs that agent no call.",
    ),
  answer_summary: answerSummarySchema
    .nullish()
    .describe(
      'Shortens long answers quoted to other agents: an answer longer than `above_words` is summarised once, in at most `max_words`, and its summary is what the other agents are shown; its author, the record and the final presentation keep it verbatim. Off by default; `true` takes the defaults. A summary that fails (or comes out no shorter) leaves the answer verbatim, with a warning.',
    ),
  enable_restarts: flag()
    .nullish()
    .describe('Restart agents that are working from outdated answers when a new answer arrives.'),
  restart_after_stagnation: positiveInteger()
    .nullish()
    .describe('Rounds without a new idea before the agents are nudged or restarted from the best answers.'),
  plateau_rounds: positiveInteger()
    .nullish()
    .describe('Rounds without a better answer after which the leader presents.'),
  interrupt_stale_turns: flag()
    .nullish()
    .describe('Interrupt a turn that reviews answers which have since been replaced.'),
  skip_final_presentation: flag()
    .nullish()
    .describe(
      'Use the winning answer as it is instead of asking the winner to present it (final_answer_strategy: winner_reuse).',
    ),
  final_answer_strategy: choiceOf(['winner_present', 'winner_reuse', 'synthesize'])
    .nullish()
    .describe(
      'What becomes the final answer: winner_present (the winner presents, default), winner_reuse (the winning answer as it is) or synthesize (the winner merges the best of every answer).',
    ),
  voting_sensitivity: choiceOf(sensitivities)
    .nullish()
    .describe(
      'How much agents ask of an answer before voting for it instead of writing a better one: lenient, balanced (default) or strict.',
    ),
  max_new_answers_per_agent: positiveInteger().nullish().describe('Most answers each agent may submit.'),
  answer_novelty_requirement: choiceOf(sensitivities)
    .nullish()
    .describe('How different a new answer must be from the existing ones to count.'),
  round_timeout_grace_seconds: secondsOrZero()
    .nullish()
    .describe(
      'One short last attempt an agent gets after a round time limit, to make its call; 0 drops it at once. Default 120.',
    ),
  max_orchestration_restarts: z
    .int({ error: 'expected a whole number, 0 or more' })
    .gte(0, { error: 'expected a whole number, 0 or more' })
    .nullish()
    .describe(
      'How many times the winner may restart the whole coordination after presenting (upstream writes it under orchestrator.coordination). Above 0, the winner reviews its final answer in one more turn and either submits it or calls restart_orchestration with a reason and instructions: answers and votes are cleared and every agent starts again with the reason, the instructions and the previous answer. No call, a failure or a run limit submits. The last attempt offers no restart. Default 0.',
    ),
  straggler_timeout_seconds: secondsOrZero()
    .nullish()
    .describe(
      'Once the rest of the team is done (voted, or waiting for it), an agent that has sent nothing for this long is dropped and the team concludes without it; 0 waits for it. Default 120.',
    ),
});

/** An agent's own vote keys: upstream's per-agent `voting_sensitivity`. */
export const voteAgentSettingsSchema = z.object({
  voting_sensitivity: choiceOf(sensitivities)
    .nullish()
    .describe("This agent's voting sensitivity, overriding orchestrator.voting_sensitivity."),
});

export type VoteKeys = z.output<typeof voteSettingsSchema>;
export type VoteAgentKeys = z.output<typeof voteAgentSettingsSchema>;
