import type { ToolPackageSettings, ToolSettingsCheckContext, ToolSource, ToolSourceContext } from '@massgen/core';
import { createPlanningToolSource } from './planning-tool-source.js';
import { resolvePlanning } from './planning-settings.js';
import type { PlanningRunSettings } from './planning-settings.js';

export const specificationVersion = 'v1' as const;

export {
  planningRunSettingsSchema as runSettingsSchema,
  resolvePlanning,
  type PlanDepth,
  type PlanningRunSettings,
  type PlanningSettings,
} from './planning-settings.js';
export { planningInstructions } from './planning-instructions.js';
export { PlanningRules } from './planning-rules.js';
export { renderPlan, TaskPlans } from './task-plans.js';
export { taskPlanToolNames } from './task-plan-tools.js';

/** On when agents keep task lists or tools are held back; `false` values alone open nothing. */
export function isActive(settings: ToolPackageSettings<unknown, PlanningRunSettings>): boolean {
  const resolved = resolvePlanning(settings.run);
  return resolved.taskPlanning || resolved.planningMode;
}

/** `massgen --validate` says what planning will do, and what of it upstream reads that is ignored. */
export function checkSettings(context: ToolSettingsCheckContext<unknown, PlanningRunSettings>): [] {
  const run = context.settings.run;
  const resolved = resolvePlanning(run);
  if (run?.planning_mode_instruction !== undefined && !resolved.planningMode)
    context.warnAt(
      { key: ['planning_mode_instruction'] },
      {
        code: 'ignored-setting',
        message: 'planning_mode_instruction has no effect without enable_planning_mode: true',
      },
    );
  if (!resolved.taskPlanning)
    for (const key of ['max_tasks_per_plan', 'task_planning_filesystem_mode'] as const)
      if (run?.[key] !== undefined)
        context.warnAt(
          { key: [key] },
          { code: 'ignored-setting', message: `${key} has no effect without enable_agent_task_planning: true` },
        );
  if (resolved.planningMode && !resolved.planOnly)
    context.note(
      'planning mode: while the team coordinates, tools that change files, run commands or act on outside services are held back (those a backend or provider runs itself are not); the winner runs them while it presents',
    );
  if (resolved.taskPlanning)
    context.note(
      `task planning: each agent keeps a task list (up to ${resolved.maxTasks} tasks) and makes it before any tool that changes anything runs${resolved.filesystemMode ? '; each list is also written to tasks/plan.json in its workspace' : ''}`,
    );
  return [];
}

export function createToolSource(context: ToolSourceContext<unknown, PlanningRunSettings>): Promise<ToolSource> {
  return Promise.resolve(createPlanningToolSource(context));
}
