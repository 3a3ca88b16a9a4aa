import { z } from 'zod';
import { backendSchema, toolPackagesSchema } from './backend-schema.js';
import { orchestratorSchema, timeoutSettingsSchema } from './orchestrator-schema.js';
import { choiceOf, flag, nonEmptyText } from './schema-primitives.js';

/** Display names of both dialects: the seed's own, and upstream's `*_terminal` / `silent`. */
const displayTypeNames = ['textual', 'rich', 'simple', 'none', 'textual_terminal', 'rich_terminal', 'silent'] as const;

/**
 * An agent id ends up in directory names and in prompts, so it may hold any letters
 * (the seed's ids are Chinese) but no path separators, control characters or dot-only names.
 */
const agentIdSchema = nonEmptyText('a non-empty agent id').refine(
  (id) => !/[/\\\p{Cc}]/u.test(id) && !/^\.+$/.test(id),
  {
    error: 'expected an agent id without "/", "\\", control characters, and not made of dots only',
  },
);

const agentSchema = z.object({
  id: agentIdSchema,
  system_message: z.string({ error: 'expected text' }).nullish(),
  backend: backendSchema,
});

/**
 * The whole file, after structural checks (exactly one of `agent`/`agents`, unique ids).
 * `display` defaults to the live terminal UI with the timeline and agent cards shown.
 */
export const configSchema = z.object({
  agent: agentSchema.optional(),
  agents: z.array(agentSchema).optional(),
  orchestrator: orchestratorSchema.nullish(),
  timeout_settings: timeoutSettingsSchema.nullish(),
  tools: toolPackagesSchema.nullish(),
  ui: z
    .object({
      display_type: choiceOf(displayTypeNames).nullish(),
      logging_enabled: flag().nullish(),
      use_orchestrator_for_single_agent: flag().nullish(),
    })
    .nullish(),
  display: z
    .object({
      type: choiceOf(displayTypeNames).nullish(),
      live_timeline: flag().nullish(),
      show_agent_cards: flag().nullish(),
    })
    .nullish(),
});

export type ParsedConfig = z.output<typeof configSchema>;
export type ParsedAgent = z.output<typeof agentSchema>;
