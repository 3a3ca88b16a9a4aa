import type { StrategyContext } from '@massgen/core';
import type { AgentRecord } from './coordination-state.js';

/** What every prompt an agent gets starts from, coordinating or presenting: its system message, the task with its attachments, the earlier turns and its label. */
export function agentPromptBase(context: StrategyContext, agent: AgentRecord) {
  return {
    systemMessage: agent.handle.systemMessage,
    task: context.task,
    ...(context.attachments === undefined ? {} : { attachments: context.attachments }),
    history: context.history,
    ownLabel: agent.label,
  };
}
