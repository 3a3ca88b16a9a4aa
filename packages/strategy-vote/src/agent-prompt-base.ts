import type { MediaPart, Message, StrategyContext } from '@massgen/core';
import type { AgentRecord } from './coordination-state.js';

/**
 * What every prompt an agent gets starts from, coordinating, presenting or reviewing the final
 * answer: its system message, the task with its attachments, and the earlier turns.
 */
export interface AgentPromptBase {
  /** The agent's own configured system message. */
  systemMessage: string | undefined;
  task: string;
  /** The question's images and files, sent after the prompt's text. */
  attachments?: readonly MediaPart[];
  history: readonly Message[];
}

export function agentPromptBase(context: StrategyContext, agent: AgentRecord): AgentPromptBase {
  return {
    systemMessage: agent.handle.systemMessage,
    task: context.task,
    ...(context.attachments === undefined ? {} : { attachments: context.attachments }),
    history: context.history,
  };
}
