import type { PlannedTask, TaskStatus } from '@massgen/core';

/** A task as the model writes it: what to do, and the ids of the tasks that must be completed first. */
export interface TaskInput {
  description: string;
  depends_on?: string[] | undefined;
}

/** A change the model asked for that the plan cannot take, in words it can act on. */
export class PlanRefusal extends Error {}

/**
 * Every agent's task list for one run. Ids are `task_1`, `task_2`, ... per agent and never
 * reused; a task may only depend on tasks that exist before it, so a plan can hold no cycle.
 */
export class TaskPlans {
  private readonly plans = new Map<string, PlannedTask[]>();
  private readonly issued = new Map<string, number>();

  constructor(private readonly maxTasks: number) {}

  tasksOf(agentId: string): PlannedTask[] {
    return (this.plans.get(agentId) ?? []).map((task) => ({
      ...task,
      ...(task.dependsOn === undefined ? {} : { dependsOn: [...task.dependsOn] }),
    }));
  }

  hasPlan(agentId: string): boolean {
    return (this.plans.get(agentId)?.length ?? 0) > 0;
  }

  /** Replaces the agent's plan; the tasks are numbered on from the ids it already used. */
  create(agentId: string, tasks: readonly TaskInput[]): PlannedTask[] {
    if (tasks.length === 0) throw new PlanRefusal('A plan needs at least one task.');
    if (tasks.length > this.maxTasks)
      throw new PlanRefusal(`A plan holds at most ${this.maxTasks} tasks; this one has ${tasks.length}. Merge steps.`);
    const first = (this.issued.get(agentId) ?? 0) + 1;
    const planned: PlannedTask[] = [];
    tasks.forEach((task, index) => {
      planned.push(this.planned(`task_${first + index}`, task, planned));
    });
    this.issued.set(agentId, first + tasks.length - 1);
    this.plans.set(agentId, planned);
    return this.tasksOf(agentId);
  }

  add(agentId: string, task: TaskInput): PlannedTask {
    const current = this.plans.get(agentId) ?? [];
    if (current.length >= this.maxTasks)
      throw new PlanRefusal(
        `The plan already holds ${this.maxTasks} tasks, the most it may; delete or merge one first.`,
      );
    const id = `task_${(this.issued.get(agentId) ?? 0) + 1}`;
    const added = this.planned(id, task, current);
    this.issued.set(agentId, (this.issued.get(agentId) ?? 0) + 1);
    this.plans.set(agentId, [...current, added]);
    return { ...added };
  }

  /**
   * Puts back a plan as a run's record holds it (a `task-plan` event), for a resumed run. Ids go
   * on from the highest any of the agent's recorded plans used, so none is reused.
   */
  restore(agentId: string, tasks: readonly PlannedTask[]): void {
    this.plans.set(
      agentId,
      tasks.map((task) => ({ ...task, ...(task.dependsOn === undefined ? {} : { dependsOn: [...task.dependsOn] }) })),
    );
    const numbers = tasks.map((task) => Number(/^task_(\d+)$/.exec(task.id)?.[1] ?? 0));
    this.issued.set(agentId, Math.max(this.issued.get(agentId) ?? 0, ...numbers));
  }

  /** A task may start only once the tasks it depends on are completed. */
  update(agentId: string, id: string, change: { status?: TaskStatus; description?: string }): PlannedTask {
    const task = this.find(agentId, id);
    if (change.status === 'in_progress' || change.status === 'completed') {
      const open = this.openDependencies(agentId, task);
      if (open.length > 0)
        throw new PlanRefusal(
          `${id} depends on ${open.join(', ')}, which ${open.length === 1 ? 'is' : 'are'} not completed yet.`,
        );
    }
    if (change.status !== undefined) task.status = change.status;
    if (change.description !== undefined) task.description = change.description;
    return { ...task };
  }

  delete(agentId: string, id: string): void {
    this.find(agentId, id);
    const remaining = (this.plans.get(agentId) ?? []).filter((task) => task.id !== id);
    const dependents = remaining.filter((task) => task.dependsOn?.includes(id) === true).map((task) => task.id);
    if (dependents.length > 0)
      throw new PlanRefusal(
        `${dependents.join(', ')} ${dependents.length === 1 ? 'depends' : 'depend'} on ${id}; delete or change ${dependents.length === 1 ? 'it' : 'them'} first.`,
      );
    this.plans.set(agentId, remaining);
  }

  /** The tasks whose dependencies are all completed and that are not completed themselves. */
  readyTasks(agentId: string): PlannedTask[] {
    return this.tasksOf(agentId).filter(
      (task) => task.status !== 'completed' && this.openDependencies(agentId, task).length === 0,
    );
  }

  private openDependencies(agentId: string, task: PlannedTask): string[] {
    const tasks = this.plans.get(agentId) ?? [];
    return (task.dependsOn ?? []).filter((id) => tasks.find((each) => each.id === id)?.status !== 'completed');
  }

  private find(agentId: string, id: string): PlannedTask {
    const task = this.plans.get(agentId)?.find((each) => each.id === id);
    if (task === undefined) {
      const ids = (this.plans.get(agentId) ?? []).map((each) => each.id);
      throw new PlanRefusal(
        ids.length === 0
          ? `There is no ${id}: you have no plan yet (create_task_plan).`
          : `There is no ${id}; your tasks are ${ids.join(', ')}.`,
      );
    }
    return task;
  }

  private planned(id: string, task: TaskInput, earlier: readonly PlannedTask[]): PlannedTask {
    const description = task.description.trim();
    if (description === '') throw new PlanRefusal(`${id} needs a description.`);
    const dependsOn = [...new Set(task.depends_on ?? [])];
    for (const dependency of dependsOn) {
      if (!earlier.some((each) => each.id === dependency))
        throw new PlanRefusal(
          `${id} depends on ${dependency}, which is not a task before it${earlier.length === 0 ? '' : ` (${earlier.map((each) => each.id).join(', ')})`}.`,
        );
    }
    return { id, description, status: 'pending', ...(dependsOn.length === 0 ? {} : { dependsOn }) };
  }
}

const statusMarks: Record<TaskStatus, string> = { pending: '[ ]', in_progress: '[~]', completed: '[x]' };

/** The plan as the model and a person read it: one line a task. */
export function renderPlan(tasks: readonly PlannedTask[]): string {
  if (tasks.length === 0) return 'No tasks.';
  return tasks
    .map(
      (task) =>
        `${statusMarks[task.status]} ${task.id}: ${task.description}${task.dependsOn === undefined ? '' : ` (after ${task.dependsOn.join(', ')})`}`,
    )
    .join('\n');
}
