import type { RunEvent, Tool } from '@massgen/core';
import type { PlanningSettings } from './planning-settings.js';
import type { TaskPlans } from './task-plans.js';

/** Strategies that name no winner to present, so planning mode has no moment to let tools run. */
const withoutPresentation = new Set(['sequential', 'passthrough']);

/**
 * When a tool that is not read-only may run, followed from the run's events:
 * - `plan_only` (`massgen --plan`): never.
 * - planning mode: not while the team coordinates; the winner's tools run from the `consensus`
 *   event on, while it presents; a new round (a restarted coordination) holds them again.
 * - task planning: not before the agent has a task plan.
 */
export class PlanningRules {
  private holding: boolean;
  private presenter: string | undefined;

  constructor(
    private readonly settings: PlanningSettings,
    private readonly plans: TaskPlans,
  ) {
    this.holding = settings.planningMode;
  }

  /** Returns a warning when planning mode cannot work with the run's strategy. */
  observe(event: RunEvent): string | undefined {
    switch (event.type) {
      case 'run-start':
        if (this.settings.planningMode && !this.settings.planOnly && withoutPresentation.has(event.strategy)) {
          this.holding = false;
          return `enable_planning_mode has no effect with the ${event.strategy} strategy: it names no winner to carry the plan out, so tools are not held back.`;
        }
        return undefined;
      case 'consensus':
        this.presenter = event.winnerAgentId;
        return undefined;
      case 'round':
      case 'agent-start':
        this.presenter = undefined;
        return undefined;
      default:
        return undefined;
    }
  }

  /** Why the call may not run now, in words the model can act on; undefined when it may. */
  refusal(agentId: string, tool: Tool): string | undefined {
    if (tool.readOnly === true) return undefined;
    if (this.settings.planOnly)
      return `${tool.name} was not run: this run only makes a plan for a person to approve, and nothing that changes files, runs commands or acts on outside services runs in it. Put the step into your plan instead.`;
    if (this.settings.planningMode && this.holding && this.presenter !== agentId)
      return `${tool.name} was not run: planning mode holds back tools that change files, run commands or act on outside services while the team coordinates. Describe in your answer what you would do with it; if your answer wins, you carry it out when you present the final answer.`;
    if (this.settings.taskPlanning && !this.plans.hasPlan(agentId))
      return `${tool.name} was not run: make your task plan first (create_task_plan); tools that change files, run commands or act on outside services run only once you have one.`;
    return undefined;
  }
}
