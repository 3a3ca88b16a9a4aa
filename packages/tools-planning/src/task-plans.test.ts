import { describe, expect, it } from 'vitest';
import { renderPlan, TaskPlans } from './task-plans.js';

describe('TaskPlans', () => {
  it('numbers tasks per agent, keeps each agent’s list apart and never reuses an id', () => {
    const plans = new TaskPlans(10);
    plans.create('alpha', [{ description: 'Read the spec' }, { description: 'Write code', depends_on: ['task_1'] }]);
    plans.create('beta', [{ description: 'Survey' }]);
    expect(plans.tasksOf('alpha').map((task) => task.id)).toEqual(['task_1', 'task_2']);
    expect(plans.tasksOf('beta')).toEqual([{ id: 'task_1', description: 'Survey', status: 'pending' }]);
    expect(plans.create('alpha', [{ description: 'Start over' }]).map((task) => task.id)).toEqual(['task_3']);
    expect(plans.add('alpha', { description: 'Test', depends_on: ['task_3'] }).id).toBe('task_4');
  });

  it('starts a task only once the tasks it depends on are completed', () => {
    const plans = new TaskPlans(10);
    plans.create('alpha', [{ description: 'Read' }, { description: 'Write', depends_on: ['task_1'] }]);
    expect(() => plans.update('alpha', 'task_2', { status: 'in_progress' })).toThrow(
      'task_2 depends on task_1, which is not completed yet.',
    );
    expect(plans.readyTasks('alpha').map((task) => task.id)).toEqual(['task_1']);
    plans.update('alpha', 'task_1', { status: 'completed' });
    expect(plans.update('alpha', 'task_2', { status: 'in_progress' }).status).toBe('in_progress');
    expect(renderPlan(plans.tasksOf('alpha'))).toBe('[x] task_1: Read\n[~] task_2: Write (after task_1)');
  });

  it('refuses a dependency on a later or unknown task, more tasks than allowed, and deleting a task others need', () => {
    const plans = new TaskPlans(2);
    expect(() => plans.create('alpha', [{ description: 'A', depends_on: ['task_2'] }, { description: 'B' }])).toThrow(
      'task_1 depends on task_2, which is not a task before it.',
    );
    expect(() => plans.create('alpha', [{ description: 'A' }, { description: 'B' }, { description: 'C' }])).toThrow(
      'A plan holds at most 2 tasks; this one has 3. Merge steps.',
    );
    plans.create('alpha', [{ description: 'A' }, { description: 'B', depends_on: ['task_1'] }]);
    expect(() => plans.add('alpha', { description: 'C' })).toThrow('The plan already holds 2 tasks');
    expect(() => plans.delete('alpha', 'task_1')).toThrow('task_2 depends on task_1; delete or change it first.');
    expect(() => plans.update('alpha', 'task_9', {})).toThrow('There is no task_9; your tasks are task_1, task_2.');
    expect(() => plans.update('beta', 'task_1', {})).toThrow('you have no plan yet');
  });
});
