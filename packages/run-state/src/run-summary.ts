import type { StopReason } from '@massgen/core';
import { totalTokens } from './quantity-format.js';
import type { RunStatus } from './run-status.js';

/** One line of a runs list: what a user scans for to find a run again. */
export interface RunSummary {
  runId: string;
  task: string;
  state: 'running' | 'finished';
  stopReason?: StopReason;
  winnerAgentId?: string;
  agentCount: number;
  tokens: number;
  /** Undefined when no agent's model has a known price. */
  costUsd?: number;
  startedAt: string;
  /** Wall time so far, or in all once finished. */
  durationMs: number;
}

export function summarizeRun(status: RunStatus): RunSummary {
  const agents = Object.values(status.agents);
  const priced = agents.filter((agent) => agent.costUsd !== undefined);
  const end = Date.parse(status.finishedAt ?? status.updatedAt);
  return {
    runId: status.runId,
    task: status.task,
    state: status.state,
    ...(status.stopReason === undefined ? {} : { stopReason: status.stopReason }),
    ...(status.winnerAgentId === undefined ? {} : { winnerAgentId: status.winnerAgentId }),
    agentCount: agents.length,
    tokens: agents.reduce((sum, agent) => sum + totalTokens(agent.usage), 0),
    ...(priced.length === 0 ? {} : { costUsd: priced.reduce((sum, agent) => sum + (agent.costUsd ?? 0), 0) }),
    startedAt: status.startedAt,
    durationMs: Math.max(0, end - Date.parse(status.startedAt)),
  };
}
