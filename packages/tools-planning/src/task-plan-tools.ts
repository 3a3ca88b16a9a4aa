import type { Tool, ToolResult } from '@massgen/core';
import { defineTool } from '@massgen/tool-utils';
import { z } from 'zod';
import { PlanRefusal, renderPlan } from './task-plans.js';
import type { TaskPlans } from './task-plans.js';

export const taskPlanToolNames = [
  'create_task_plan',
  'add_task',
  'update_task',
  'delete_task',
  'get_task_plan',
] as const;

const description = z.string().trim().min(1).max(500).describe('What the task does, in one sentence.');
const dependsOn = z
  .array(z.string().regex(/^task_\d+$/, { error: 'expected a task id such as "task_1"' }))
  .max(20)
  .optional()
  .describe('Ids of tasks that must be completed before this one starts.');
const taskId = z.string().regex(/^task_\d+$/, { error: 'expected a task id such as "task_1"' });

/**
 * The task-list tools one agent plans with; every list is the agent's own. `changed` hears of
 * each change, so the run's stream (displays, record) always holds the list as it stands.
 */
export function taskPlanTools(plans: TaskPlans, maxTasks: number, changed: (agentId: string) => void): Tool[] {
  const outcome = (agentId: string, action: () => string): ToolResult => {
    try {
      const said = action();
      changed(agentId);
      return { content: `${said}\n\n${renderPlan(plans.tasksOf(agentId))}` };
    } catch (error) {
      if (error instanceof PlanRefusal) return { content: error.message, isError: true };
      throw error;
    }
  };
  return [
    defineTool({
      name: 'create_task_plan',
      readOnly: true,
      description: `Write your task plan: the steps you will take for this task, in order, at most ${maxTasks}. It replaces any plan you had. Tasks are numbered task_1, task_2, ... in the order given (after the ids you already used), so a task can depend on the ones before it.`,
      inputSchema: z.strictObject({
        tasks: z
          .array(z.strictObject({ description, depends_on: dependsOn }))
          .min(1)
          .describe('The tasks, in the order you will do them.'),
      }),
      execute: ({ tasks }, context) =>
        outcome(context.agentId, () => {
          const created = plans.create(context.agentId, tasks);
          return `Your plan has ${created.length} task${created.length === 1 ? '' : 's'}.`;
        }),
    }),
    defineTool({
      name: 'add_task',
      readOnly: true,
      description: 'Add one task to the end of your plan.',
      inputSchema: z.strictObject({ description, depends_on: dependsOn }),
      execute: (task, context) => outcome(context.agentId, () => `Added ${plans.add(context.agentId, task).id}.`),
    }),
    defineTool({
      name: 'update_task',
      readOnly: true,
      description:
        'Mark a task in_progress when you start it and completed when it is done (a task starts only once the tasks it depends on are completed), or reword it.',
      inputSchema: z.strictObject({
        id: taskId.describe('The task, such as "task_2".'),
        status: z.enum(['pending', 'in_progress', 'completed']).optional(),
        description: description.optional(),
      }),
      execute: ({ id, status, description: text }, context) =>
        outcome(context.agentId, () => {
          const task = plans.update(context.agentId, id, {
            ...(status === undefined ? {} : { status }),
            ...(text === undefined ? {} : { description: text }),
          });
          return `${task.id} is ${task.status.replace('_', ' ')}.`;
        }),
    }),
    defineTool({
      name: 'delete_task',
      readOnly: true,
      description: 'Remove a task from your plan (no other task may depend on it).',
      inputSchema: z.strictObject({ id: taskId.describe('The task, such as "task_2".') }),
      execute: ({ id }, context) =>
        outcome(context.agentId, () => {
          plans.delete(context.agentId, id);
          return `Deleted ${id}.`;
        }),
    }),
    defineTool({
      name: 'get_task_plan',
      readOnly: true,
      description: 'Show your plan with each task’s status, and which tasks are ready to start.',
      inputSchema: z.strictObject({}),
      execute: (_input, context) => {
        const ready = plans.readyTasks(context.agentId).map((task) => task.id);
        const tasks = plans.tasksOf(context.agentId);
        if (tasks.length === 0) return 'You have no plan yet; make one with create_task_plan.';
        return `${renderPlan(tasks)}\n\nReady to start: ${ready.length === 0 ? 'none' : ready.join(', ')}.`;
      },
    }),
  ];
}
