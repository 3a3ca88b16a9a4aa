import type {
  CoordinationEvent,
  PlannedTask,
  RunEvent,
  SerializedError,
  StopReason,
  TallyEntry,
  Usage,
} from '@massgen/core';
import { addUsage } from './usage.js';

/** `stopped`: the run ended (cancelled, answered now, a limit) while the agent was still working or waiting. */
export type AgentState = 'waiting' | 'working' | 'answered' | 'voted' | 'presenting' | 'failed' | 'done' | 'stopped';

export interface AgentStatus {
  id: string;
  provider: string;
  modelId: string;
  state: AgentState;
  answers: number;
  /** The agent's current vote; a new answer makes it out of date (see `RunStatus.votes`) and clears it here. */
  vote: { targetAgentId: string; targetLabel: string; reason: string } | null;
  usage: Usage;
  costUsd?: number;
  error?: SerializedError;
  /** While the agent holds off its next turn: whom it waits for, and why its last turn stopped. */
  waiting?: { for: string[]; reason: string };
  /** The agent's task list as it last stood (`enable_agent_task_planning`). */
  plan?: PlannedTask[];
}

/** A vote as the run keeps it. */
export interface RecordedVote {
  agentId: string;
  targetAgentId: string;
  targetLabel: string;
  reason: string;
  confidence?: number;
  round: number;
  /** Out of date: a newer answer came (before the vote arrived, or after); it does not count. */
  stale: boolean;
  /** The answer that made it out of date. */
  outdatedBy?: string;
}

/**
 * A vote as the record keeps it; `latestAnswerLabel` is the newest answer so far, which made the
 * vote out of date when the strategy marked it stale.
 */
export function recordedVote(
  event: Extract<CoordinationEvent, { type: 'vote' }>,
  latestAnswerLabel: string | undefined,
): RecordedVote {
  const stale = event.stale === true;
  return {
    agentId: event.agentId,
    targetAgentId: event.targetAgentId,
    targetLabel: event.targetLabel,
    reason: event.reason,
    ...(event.confidence === undefined ? {} : { confidence: event.confidence }),
    round: event.round,
    stale,
    ...(stale && latestAnswerLabel !== undefined ? { outdatedBy: latestAnswerLabel } : {}),
  };
}

/** A snapshot of a run, rebuilt from its events: what `status.json` holds. */
export interface RunStatus {
  runId: string;
  state: 'running' | 'finished';
  task: string;
  strategy: string;
  startedAt: string;
  updatedAt: string;
  round: number;
  agents: Record<string, AgentStatus>;
  answers: Array<{ label: string; agentId: string; round: number }>;
  /** Every vote cast, in order: a vote out of date is kept and marked, never dropped. */
  votes: RecordedVote[];
  /** The topology's groups in the stage under way, when it groups agents (`islands`, `tournament`). */
  groups?: { topology: 'islands' | 'tournament'; stage: number; groups: string[][] };
  winnerAgentId?: string;
  /**
   * The attempt under way once the winner has restarted the coordination
   * (`max_orchestration_restarts`), and why; absent in a first attempt.
   */
  attempt?: { number: number; of: number; reason: string; restartedBy: string };
  /** The vote count the winner was chosen by, from the `consensus` event. */
  tally?: TallyEntry[];
  stopReason?: StopReason;
  /** When the run ended; with `startedAt`, its wall time. */
  finishedAt?: string;
  error?: SerializedError;
}

export function initialRunStatus(runId: string, startedAt: number): RunStatus {
  const time = new Date(startedAt).toISOString();
  return {
    runId,
    state: 'running',
    task: '',
    strategy: '',
    startedAt: time,
    updatedAt: time,
    round: 0,
    agents: {},
    answers: [],
    votes: [],
  };
}

/** Folds one event into the status. Pure, so displays and records can share it. */
export function reduceRunStatus(status: RunStatus, event: RunEvent): RunStatus {
  const next: RunStatus = { ...status, updatedAt: new Date(event.time).toISOString() };
  const updateAgent = (agentId: string, change: Partial<AgentStatus>): void => {
    const current = next.agents[agentId];
    if (current === undefined) return;
    next.agents = { ...next.agents, [agentId]: { ...current, ...change } };
  };
  switch (event.type) {
    case 'run-start':
      next.task = event.task;
      next.strategy = event.strategy;
      next.agents = Object.fromEntries(
        event.agents.map((agent) => [
          agent.id,
          {
            id: agent.id,
            provider: agent.provider,
            modelId: agent.modelId,
            state: 'waiting',
            answers: 0,
            vote: null,
            usage: {},
          } satisfies AgentStatus,
        ]),
      );
      break;
    case 'round':
      next.round = event.round;
      break;
    case 'groups':
      next.groups = { topology: event.topology, stage: event.stage, groups: event.groups };
      break;
    case 'agent-start':
      updateAgent(event.agentId, { state: 'working', waiting: undefined });
      break;
    case 'agent-waiting':
      updateAgent(event.agentId, { state: 'waiting', waiting: { for: event.waitingFor, reason: event.reason } });
      break;
    case 'answer': {
      next.answers = [...next.answers, { label: event.label, agentId: event.agentId, round: event.round }];
      // A new answer invalidates every vote but those of agents it is not shown to.
      const kept = new Set(event.keptVotes ?? []);
      next.agents = Object.fromEntries(
        Object.entries(next.agents).map(([id, agent]) => [id, kept.has(id) ? agent : { ...agent, vote: null }]),
      );
      if (next.votes.some((vote) => !vote.stale && !kept.has(vote.agentId))) {
        next.votes = next.votes.map((vote) =>
          vote.stale || kept.has(vote.agentId) ? vote : { ...vote, stale: true, outdatedBy: event.label },
        );
      }
      const agent = next.agents[event.agentId];
      if (agent !== undefined) updateAgent(event.agentId, { state: 'answered', answers: agent.answers + 1 });
      break;
    }
    case 'vote': {
      next.votes = [...next.votes, recordedVote(event, next.answers.at(-1)?.label)];
      if (event.stale !== true) {
        updateAgent(event.agentId, {
          state: 'voted',
          vote: { targetAgentId: event.targetAgentId, targetLabel: event.targetLabel, reason: event.reason },
        });
      }
      break;
    }
    case 'restart': {
      // A restart of an agent holding a vote (the islands' final round) sets that vote aside.
      const agent = next.agents[event.agentId];
      if (agent?.vote != null) {
        updateAgent(event.agentId, { vote: null });
        const current = next.votes.findLastIndex((vote) => vote.agentId === event.agentId && !vote.stale);
        if (current >= 0)
          next.votes = next.votes.map((vote, index) => (index === current ? { ...vote, stale: true } : vote));
      }
      break;
    }
    case 'human-message': {
      // The votes of the agents the message is for are out of date: they vote again with it in view.
      const outdated = new Set(event.outdatedVotes ?? []);
      if (outdated.size === 0) break;
      for (const agentId of outdated) updateAgent(agentId, { vote: null });
      next.votes = next.votes.map((vote) =>
        !vote.stale && outdated.has(vote.agentId) ? { ...vote, stale: true } : vote,
      );
      break;
    }
    case 'task-plan':
      updateAgent(event.agentId, { plan: event.tasks });
      break;
    case 'agent-error':
      if (!event.willRetry) updateAgent(event.agentId, { error: event.error });
      break;
    case 'agent-killed':
      updateAgent(event.agentId, {
        state: 'failed',
        waiting: undefined,
        ...(event.error === undefined ? {} : { error: event.error }),
      });
      break;
    case 'orchestration-restart':
      // A new attempt: what the last one answered and voted is gone; what it spent is not.
      next.attempt = { number: event.attempt, of: event.maxAttempts, reason: event.reason, restartedBy: event.agentId };
      next.round = 0;
      next.answers = [];
      next.votes = [];
      delete next.winnerAgentId;
      delete next.tally;
      delete next.groups;
      next.agents = Object.fromEntries(
        Object.entries(next.agents).map(([id, agent]) => [
          id,
          { ...agent, state: 'waiting', answers: 0, vote: null, waiting: undefined, error: undefined },
        ]),
      );
      break;
    case 'consensus':
      next.winnerAgentId = event.winnerAgentId;
      next.tally = event.tally;
      // A winner that was dropped does not present: its answer stands as submitted.
      if (next.agents[event.winnerAgentId]?.state !== 'failed')
        updateAgent(event.winnerAgentId, { state: 'presenting' });
      break;
    case 'final': {
      next.winnerAgentId = event.agentId;
      // `agentN.final` is a presentation; any other label is an answer taken as it stands.
      const presented = event.label.endsWith('.final');
      const state = next.agents[event.agentId]?.state;
      if (presented) updateAgent(event.agentId, { state: 'done' });
      else if (state !== 'failed') updateAgent(event.agentId, { state: 'answered' });
      break;
    }
    case 'usage': {
      const agent = next.agents[event.agentId];
      if (agent !== undefined) {
        updateAgent(event.agentId, {
          usage: addUsage(agent.usage, event.usage),
          ...(event.costUsd === undefined ? {} : { costUsd: (agent.costUsd ?? 0) + event.costUsd }),
        });
      }
      break;
    }
    case 'run-end':
      next.state = 'finished';
      // Nothing works on after the end: an agent cut off mid-turn is not shown as working for good.
      next.agents = Object.fromEntries(
        Object.entries(next.agents).map(([id, agent]) => [
          id,
          agent.state === 'working' || agent.state === 'waiting'
            ? { ...agent, state: 'stopped', waiting: undefined }
            : agent,
        ]),
      );
      next.stopReason = event.stopReason;
      next.finishedAt = next.updatedAt;
      if (event.winnerAgentId !== undefined) next.winnerAgentId = event.winnerAgentId;
      if (event.error !== undefined) next.error = event.error;
      break;
    default:
      break;
  }
  return next;
}
