import { z } from 'zod';
import { nonEmptyText, nonNegativeNumber, numberBetween, positiveInteger } from './schema-primitives.js';

/**
 * Tool packages by name (`tools: { weather: { units: metric } }` loads `@massgen/tools-weather`),
 * each with its settings, which the package checks; `package` names a package explicitly.
 */
export const toolPackagesSchema = z
  .record(
    z.string(),
    z
      .looseObject(
        { package: nonEmptyText('a package name').nullish() },
        { error: 'expected the settings of the tool package as a mapping' },
      )
      .nullable(),
    { error: 'expected a mapping of tool package names to their settings' },
  )
  .superRefine((packages, context) => {
    for (const name of Object.keys(packages)) {
      if (/^[a-z0-9][a-z0-9_-]*$/.test(name)) continue;
      context.addIssue({
        code: 'custom',
        path: [name],
        message: 'expected a tool package name in lower case, such as "weather" or "my-tools"',
      });
    }
  });

/**
 * The `backend` block. Only the keys MassGen itself reads are checked here; every other key
 * is kept as written for the backend package to validate with its own options schema.
 * `type` is checked for presence separately, to suggest a type from the model.
 */
export const backendSchema = z.looseObject({
  type: z
    .string({ error: 'expected a backend type such as "openai" or "claude_code"' })
    .regex(/^[a-z0-9][a-z0-9_-]*$/, {
      error: 'expected a backend type in lower case, such as "openai" or "claude_code"',
    })
    .nullish(),
  model: z.string({ error: 'expected a model name' }).nullish(),
  package: nonEmptyText('a package name').nullish(),
  temperature: numberBetween(0, 2).nullish(),
  top_p: numberBetween(0, 1).nullish(),
  max_tokens: positiveInteger().nullish(),
  seed: z.int({ error: 'expected a whole number' }).nullish(),
  reasoning: z
    .looseObject({ effort: nonEmptyText('a reasoning effort such as "low", "medium" or "high"').nullish() })
    .nullish(),
  tools: toolPackagesSchema.nullish(),
  exclude_tools: z.array(nonEmptyText('a tool name')).nullish(),
  max_concurrent_requests: positiveInteger().nullish(),
  pricing: z
    .strictObject(
      {
        input_per_million: nonNegativeNumber().nullish(),
        output_per_million: nonNegativeNumber().nullish(),
        cached_input_per_million: nonNegativeNumber().nullish(),
        tool_uses: z
          .record(nonEmptyText('a tool name such as web_search'), nonNegativeNumber(), {
            error: 'expected US dollars per use by tool name, such as {web_search: 0.01}',
          })
          .nullish(),
      },
      {
        error:
          'expected prices in US dollars: {input_per_million, output_per_million, cached_input_per_million, tool_uses}',
      },
    )
    .superRefine((pricing, context) => {
      // Token prices go together: one without the other would price half of every call at the list price.
      const input = pricing.input_per_million != null;
      const output = pricing.output_per_million != null;
      if (input !== output || (!input && pricing.cached_input_per_million != null)) {
        const missing = input ? 'output_per_million' : 'input_per_million';
        context.addIssue({
          code: 'custom',
          path: [missing],
          message: 'missing; expected input_per_million and output_per_million together',
        });
      }
    })
    .nullish(),
});

export type ParsedBackend = z.output<typeof backendSchema>;
