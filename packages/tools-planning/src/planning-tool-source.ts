import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ToolSource, ToolSourceContext } from '@massgen/core';
import { planningInstructions } from './planning-instructions.js';
import { PlanningRules } from './planning-rules.js';
import { resolvePlanning } from './planning-settings.js';
import type { PlanningRunSettings } from './planning-settings.js';
import { taskPlanTools } from './task-plan-tools.js';
import { TaskPlans } from './task-plans.js';

/**
 * Opens planning for a run: the task lists (kept here, one per agent, and published whole as a
 * `task-plan` event after each change), the rules that hold tools back, and the instructions
 * added to every agent's system message.
 */
export function createPlanningToolSource(context: ToolSourceContext<unknown, PlanningRunSettings>): ToolSource {
  const settings = resolvePlanning(context.settings.run);
  const plans = new TaskPlans(settings.maxTasks);
  // A resumed run takes up each agent's plan as it last stood; the record already shows it.
  for (const event of context.resumedEvents ?? [])
    if (event.type === 'task-plan') plans.restore(event.agentId, event.tasks);
  const rules = new PlanningRules(settings, plans);
  const instructions = planningInstructions(settings);
  // Writes of one agent's plan go one after another, so the file ends as the last change left it.
  let writing: Promise<void> = Promise.resolve();

  const changed = (agentId: string): void => {
    const tasks = plans.tasksOf(agentId);
    context.publish?.({ type: 'task-plan', agentId, tasks });
    if (!settings.filesystemMode) return;
    const directory = context.workspaceFor?.(agentId)?.directory;
    if (directory === undefined) return;
    const file = path.join(directory, 'tasks', 'plan.json');
    writing = writing
      .then(() => mkdir(path.dirname(file), { recursive: true }))
      .then(() => writeFile(file, `${JSON.stringify({ agentId, tasks }, null, 2)}\n`))
      .catch((error: unknown) => {
        context.warn({
          code: 'task-plan-unwritten',
          agentId,
          message: `${agentId}'s task plan could not be written to ${file}: ${error instanceof Error ? error.message : String(error)}`,
        });
      });
  };

  const tools = settings.taskPlanning ? taskPlanTools(plans, settings.maxTasks, changed) : [];
  return {
    name: 'planning',
    toolsFor: () => tools,
    checkToolCall: ({ agentId, tool }) => rules.refusal(agentId, tool),
    instructionsFor: () => instructions,
    onEvent: (event) => {
      const warning = rules.observe(event);
      if (warning !== undefined) context.warn({ code: 'planning-mode-ignored', message: warning });
    },
    close: async () => {
      await writing;
    },
  };
}
