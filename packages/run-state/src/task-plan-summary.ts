import type { PlannedTask, TaskStatus } from '@massgen/core';

export const taskStatusMarks: Record<TaskStatus, string> = { pending: '○', in_progress: '◐', completed: '●' };

/** "2 of 5 done, now: task_3 Write the tests": how far an agent's plan has come, on one line. */
export function describePlanProgress(tasks: readonly PlannedTask[]): string {
  const done = tasks.filter((task) => task.status === 'completed').length;
  const current = tasks.find((task) => task.status === 'in_progress');
  const next = tasks.find((task) => task.status === 'pending');
  const focus =
    current !== undefined
      ? `, now: ${current.id} ${current.description}`
      : next !== undefined && done < tasks.length
        ? `, next: ${next.id} ${next.description}`
        : '';
  return `${done} of ${tasks.length} done${focus}`;
}

/** One line a task, its status as a mark: what the focus view shows above the agent's output. */
export function planLines(tasks: readonly PlannedTask[]): string[] {
  return tasks.map((task) => `${taskStatusMarks[task.status]} ${task.id} ${task.description}`);
}
