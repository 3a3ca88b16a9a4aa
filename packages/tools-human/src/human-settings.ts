import { z } from 'zod';

const positiveSeconds = z
  .number({ error: 'expected a number of seconds' })
  .positive({ error: 'expected more than 0 seconds' });
const positiveCount = z.number({ error: 'expected a whole number' }).int().positive({ error: 'expected at least 1' });
const sensitivity = z.enum(['low', 'medium', 'high'], { error: 'expected "low", "medium" or "high"' });

/**
 * `orchestrator.coordination.human_input` (ours), or upstream's `broadcast: human` and its
 * companions, which the configuration hands this package under the same names.
 */
export const humanRunSettingsSchema = z.strictObject({
  human_input: z
    .union(
      [
        z.boolean(),
        z.strictObject({
          timeout_seconds: positiveSeconds.optional().describe('How long an agent waits for a reply. Default 300.'),
          max_questions_per_agent: positiveCount
            .optional()
            .describe('Questions one agent may ask in a run. Default 10.'),
          sensitivity: sensitivity.optional().describe('How readily agents ask: low, medium (default) or high.'),
        }),
      ],
      { error: 'expected true, false, or a mapping with timeout_seconds, max_questions_per_agent and sensitivity' },
    )
    .optional()
    .describe('Agents may ask the person watching the run a question (the ask_human tool).'),
  broadcast: z
    .union([z.literal(false), z.enum(['agents', 'human'])], { error: 'expected false, "agents" or "human"' })
    .optional()
    .describe('Upstream\'s switch: "human" is human_input; "agents" (agents asking each other) is not supported.'),
  broadcast_timeout: positiveSeconds.optional().describe("Upstream's reply timeout, in seconds."),
  max_broadcasts_per_agent: positiveCount.optional().describe("Upstream's limit of questions per agent."),
  broadcast_sensitivity: sensitivity.optional().describe("Upstream's name for sensitivity."),
  broadcast_wait_by_default: z
    .boolean()
    .optional()
    .describe('Upstream: questions wait for the reply (always so here).'),
  response_depth: sensitivity
    .optional()
    .describe('Upstream: how deeply agents answer each other; no effect on a person.'),
});

export type HumanRunSettings = z.output<typeof humanRunSettingsSchema>;

/** What the settings come to. */
export interface HumanInputSettings {
  enabled: boolean;
  timeoutMs: number;
  maxQuestionsPerAgent: number;
  sensitivity: 'low' | 'medium' | 'high';
}

export const defaultTimeoutSeconds = 300;
export const defaultMaxQuestionsPerAgent = 10;

/** Our keys win over upstream's where both are written. */
export function resolveHumanInput(settings: HumanRunSettings | undefined): HumanInputSettings {
  const own = typeof settings?.human_input === 'object' ? settings.human_input : {};
  const enabled =
    settings?.human_input === undefined ? settings?.broadcast === 'human' : settings.human_input !== false;
  return {
    enabled,
    timeoutMs: Math.round((own.timeout_seconds ?? settings?.broadcast_timeout ?? defaultTimeoutSeconds) * 1000),
    maxQuestionsPerAgent:
      own.max_questions_per_agent ?? settings?.max_broadcasts_per_agent ?? defaultMaxQuestionsPerAgent,
    sensitivity: own.sensitivity ?? settings?.broadcast_sensitivity ?? 'medium',
  };
}
