import type { PlanDepth, PlanningSettings } from './planning-settings.js';

const depthGuidance: Record<PlanDepth, string> = {
  shallow: 'Keep the plan to a few broad steps (three to five).',
  medium: 'Break the work into steps a person can check one by one.',
  deep: 'Break the work into fine-grained steps, each small enough to do and check on its own, naming the files and commands it involves.',
};

const heldBack = 'tools that change files, run commands or act on outside services';

/**
 * What the agents' system message says about planning. The prompt asks; the tools enforce
 * (see `PlanningRules`): a held-back tool returns an error without running, whatever the model does.
 */
export function planningInstructions(settings: PlanningSettings): string | undefined {
  const parts: string[] = [];
  if (settings.planOnly) {
    parts.push(
      `This run only makes a plan for a person to approve. No ${heldBack} will run, for any agent, at any point: calling one returns an error. Read what you need, then answer with the plan itself: numbered steps, each saying what to do, where (files, commands, services) and how to check it is done. ${depthGuidance[settings.depth]}`,
    );
  } else if (settings.planningMode) {
    parts.push(
      settings.instruction ??
        'Planning mode: while the team coordinates, describe what you would do instead of doing it. Your answer is the plan: the steps in order, with the tools and inputs each one would use.',
    );
    parts.push(
      `While the team coordinates, ${heldBack} are held back: calling one returns an error and nothing runs. Tools that only read still work. If your answer wins and you are asked to present the final answer, those tools run: carry the plan out then.`,
    );
  }
  if (settings.taskPlanning) {
    parts.push(
      `Keep your own task list with create_task_plan, add_task, update_task, delete_task and get_task_plan (at most ${settings.maxTasks} tasks); the person watching the run sees it. Write the plan with create_task_plan before you use any of the ${heldBack}: they run only once you have one. Mark each task in_progress when you start it and completed when it is done. ${depthGuidance[settings.depth]}`,
    );
  }
  return parts.length === 0 ? undefined : parts.join('\n\n');
}
