/** Where one task of an agent's plan stands. */
export type TaskStatus = 'pending' | 'in_progress' | 'completed';

/** One task of the list an agent keeps with the planning tools (`enable_agent_task_planning`). */
export interface PlannedTask {
  /** `task_1`, `task_2`, ...: stable for the run, never reused after a deletion. */
  id: string;
  description: string;
  status: TaskStatus;
  /** Tasks that must be completed before this one can start. */
  dependsOn?: string[];
}
