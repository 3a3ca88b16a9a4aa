import { z } from 'zod';

const depth = z.enum(['shallow', 'medium', 'deep'], { error: 'expected "shallow", "medium" or "deep"' });

/**
 * Upstream's planning keys of `orchestrator.coordination`, which the configuration hands this
 * package under the same names, and `plan_only`, which `massgen --plan` sets.
 */
export const planningRunSettingsSchema = z.strictObject({
  enable_planning_mode: z
    .boolean()
    .optional()
    .describe(
      'While the team coordinates, tools that change files, run commands or reach outside services are held back; the winner carries the plan out when it presents.',
    ),
  planning_mode_instruction: z
    .string()
    .trim()
    .min(1, { error: 'expected the instruction text' })
    .optional()
    .describe("Replaces the planning-mode paragraph of the agents' system message."),
  enable_agent_task_planning: z
    .boolean()
    .optional()
    .describe(
      'Each agent keeps a task list with the planning tools, shown in the display and the record, and makes it before it uses a tool that changes anything.',
    ),
  max_tasks_per_plan: z
    .number({ error: 'expected a whole number' })
    .int({ error: 'expected a whole number' })
    .min(1, { error: 'expected at least 1' })
    .max(100, { error: 'expected at most 100' })
    .optional()
    .describe('The most tasks one agent’s list may hold. Default 10.'),
  task_planning_filesystem_mode: z
    .boolean()
    .optional()
    .describe("Each change to an agent's task list is also written to tasks/plan.json in its workspace."),
  plan_depth: depth
    .optional()
    .describe('How finely agents break the work down: shallow (a few steps), medium (default) or deep.'),
  plan_only: z
    .boolean()
    .optional()
    .describe(
      'Set by massgen --plan: the team only plans; no tool that changes anything runs, not even for the winner.',
    ),
});

export type PlanningRunSettings = z.output<typeof planningRunSettingsSchema>;

export type PlanDepth = z.output<typeof depth>;

/** What the settings come to. */
export interface PlanningSettings {
  /** Agents keep task lists (the planning tools). */
  taskPlanning: boolean;
  /** Tools that act are held back while the team coordinates. */
  planningMode: boolean;
  /** Tools that act never run. */
  planOnly: boolean;
  instruction: string | undefined;
  maxTasks: number;
  filesystemMode: boolean;
  depth: PlanDepth;
}

export const defaultMaxTasks = 10;

/** A plan-only run plans with the task tools and holds every tool that acts, whatever else is written. */
export function resolvePlanning(settings: PlanningRunSettings | undefined): PlanningSettings {
  const planOnly = settings?.plan_only === true;
  return {
    taskPlanning: planOnly || settings?.enable_agent_task_planning === true,
    planningMode: planOnly || settings?.enable_planning_mode === true,
    planOnly,
    instruction: settings?.planning_mode_instruction,
    maxTasks: settings?.max_tasks_per_plan ?? defaultMaxTasks,
    filesystemMode: settings?.task_planning_filesystem_mode === true,
    depth: settings?.plan_depth ?? 'medium',
  };
}
