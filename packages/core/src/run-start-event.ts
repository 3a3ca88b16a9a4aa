import type { AgentHandle } from './agent.js';
import type { CoordinationEvent } from './coordination-event.js';

/**
 * The event that opens every run: the task and who is on the team. The runtime writes it when a
 * strategy fails before opening its run, so both build it here, from the same fields.
 */
export function runStartEvent(
  strategy: string,
  run: { task: string; agents: ReadonlyArray<Pick<AgentHandle, 'id' | 'provider' | 'modelId'>> },
): Extract<CoordinationEvent, { type: 'run-start' }> {
  return {
    type: 'run-start',
    task: run.task,
    strategy,
    agents: run.agents.map((agent) => ({ id: agent.id, provider: agent.provider, modelId: agent.modelId })),
  };
}
