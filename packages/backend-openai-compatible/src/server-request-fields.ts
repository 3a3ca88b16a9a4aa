import { z } from 'zod';

/**
 * Sampling fields that vLLM and SGLang read beside Chat Completions' own. As backend options they
 * are checked here and sent at the top of the request body as written.
 */
export const localServerRequestFields = {
  top_k: z
    .int({ error: 'expected a whole number (-1 for no limit)' })
    .min(-1, { error: 'expected -1 or more' })
    .describe('Sample only from the k most likely tokens (-1: all).')
    .optional(),
  min_p: z
    .number({ error: 'expected a number from 0 to 1' })
    .min(0, { error: 'expected a number from 0 to 1' })
    .max(1, { error: 'expected a number from 0 to 1' })
    .describe('Drop tokens less likely than this share of the most likely one.')
    .optional(),
  repetition_penalty: z
    .number({ error: 'expected a positive number' })
    .positive({ error: 'expected a positive number' })
    .describe('Penalise tokens already generated (1: no penalty).')
    .optional(),
  chat_template_kwargs: z
    .record(z.string(), z.unknown(), { error: 'expected a mapping, such as {enable_thinking: false}' })
    .describe("Arguments for the model's chat template, such as enable_thinking for Qwen3.")
    .optional(),
} satisfies z.ZodRawShape;
