import type { StrategyContext } from '@massgen/core';
import type { AgentRecord } from './coordination-state.js';

/**
 * What every prompt an agent gets starts from, coordinating, presenting or reviewing the final
 * answer: its system message, the task with its attachments, and the earlier turns.
 */
export function agentPromptBase(context: StrategyContext, agent: AgentRecord) {
  return {
    systemMessage: agent.handle.systemMessage,
    task: context.task,
    ...(context.attachments === undefined ? {} : { attachments: context.attachments }),
    history: context.history,
  };
}
