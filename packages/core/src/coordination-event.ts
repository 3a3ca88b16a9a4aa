import type { SerializedError } from './errors/massgen-error.js';
import type { PlannedTask } from './task-plan.js';
import type { Usage } from './usage.js';
import type { Warning } from './warning.js';

/** Why a run ended. Every run ends with exactly one. */
export type StopReason =
  /** Every live agent voted. */
  | 'consensus'
  /** The leading answer's share of votes reached `convergence_threshold`. */
  | 'convergence-threshold'
  /** No novel answer for `plateauRounds` rounds; the leader presented. */
  | 'plateau'
  | 'max-rounds'
  | 'timeout'
  | 'budget'
  /** The user asked for an answer now; the current leader presented. */
  | 'answer-now'
  /** The user cancelled; nothing was presented. */
  | 'cancelled'
  /** Every agent failed or was dropped before an answer existed. */
  | 'all-agents-failed'
  /** A sequential workflow ran every agent. */
  | 'completed'
  | 'error';

/** A vote count for one answer. */
export interface TallyEntry {
  label: string;
  agentId: string;
  votes: number;
  /** Sum of vote weights; equals `votes` under majority voting. */
  weight: number;
}

/** What is tried again after a failure, and how many tries there are in all. */
export interface AttemptRetry {
  /** One model request, repeated by the runtime; or the agent's whole turn, repeated by the strategy. */
  scope: 'request' | 'turn';
  maxAttempts: number;
  /** The wait before the next attempt, when there is one. */
  delayMs?: number;
}

/** The winner's restart of the coordination: who asked, which attempt begins, and what it carries into it. */
export interface OrchestrationRestart {
  agentId: string;
  attempt: number;
  maxAttempts: number;
  reason: string;
  instructions: string;
  previousAnswer: string;
}

/**
 * The one stream every consumer reads: the terminal UI, the server, the run record. Strategies
 * yield these; the runtime stamps them (see `RunEvent`).
 */
export type CoordinationEvent =
  | {
      type: 'run-start';
      task: string;
      strategy: string;
      agents: Array<{ id: string; provider: string; modelId: string }>;
    }
  | { type: 'round'; round: number }
  /**
   * Who is shown whose answers, under a topology that groups agents: `islands` has its groups in
   * stage 1 and its group winners in one group in stage 2 (the final round); `tournament` has
   * each stage's matches. Sent when a stage opens (stage 1 right after `run-start`); each group
   * lists agent ids in configuration order.
   */
  | { type: 'groups'; topology: 'islands' | 'tournament'; stage: number; groups: string[][] }
  | {
      type: 'agent-start';
      agentId: string;
      round: number;
      attempt: number;
      reason: 'initial' | 'update' | 'retry' | 'restart';
    }
  | { type: 'agent-delta'; agentId: string; kind: 'text' | 'reasoning'; text: string }
  | { type: 'tool-call'; agentId: string; callId: string; name: string; input: string }
  | { type: 'tool-result'; agentId: string; callId: string; name: string; output: string; isError: boolean }
  | {
      type: 'answer';
      agentId: string;
      label: string;
      content: string;
      round: number;
      /**
       * Agents whose votes still count: the answer is outside what their topology shows them.
       * Every other vote is out of date from this answer on.
       */
      keptVotes?: string[];
    }
  | {
      type: 'vote';
      agentId: string;
      /** Label of the answer voted for, as the voter saw it. */
      targetLabel: string;
      targetAgentId: string;
      reason: string;
      confidence?: number;
      round: number;
      /**
       * The vote was cast on answers that had changed before it arrived: it never counts, and the
       * voter starts again. (A vote that counted goes out of date at the next `answer` instead.)
       */
      stale?: boolean;
    }
  | { type: 'restart'; agentId: string; reason: string }
  /**
   * A long answer's summary (`orchestrator.answer_summary`): other agents are shown `summary` in
   * place of the answer, whose `answer` event keeps it verbatim; the final presentation uses the
   * verbatim answer. `modelId` is the model that wrote it, which counts its usage as `agentId`'s.
   */
  | {
      type: 'answer-summary';
      agentId: string;
      label: string;
      summary: string;
      answerWords: number;
      summaryWords: number;
      modelId: string;
    }
  /**
   * A person's message to the agents in `to` (every agent when absent), taken in while the run
   * went on: each of them sees it from its next turn on. `outdatedVotes` are the agents whose
   * votes it made out of date (they vote again with it in view); `late` says it came once
   * coordination had ended, so no agent saw it.
   */
  | { type: 'human-message'; text: string; to?: string[]; outdatedVotes?: string[]; late?: boolean }
  /**
   * The agent's turn was stopped (`reason` says why) and its next one waits for the first
   * answers of the agents in `waitingFor`, as they were when the wait began; an `agent-start`
   * ends the wait.
   */
  | { type: 'agent-waiting'; agentId: string; waitingFor: string[]; reason: string }
  /**
   * A failure that does not stop the agent: it is retried (`retry` says what is repeated, as
   * attempt `attempt + 1` of `retry.maxAttempts`), or it did not need to be (a failed presentation).
   * A failure that stops the agent is the `agent-killed` event's `error`, reported once.
   */
  | {
      type: 'agent-error';
      agentId: string;
      error: SerializedError;
      attempt: number;
      willRetry: boolean;
      retry?: AttemptRetry;
    }
  /** The agent is out of the run; `error` is the failure that stopped it, when one did. */
  | { type: 'agent-killed'; agentId: string; reason: string; error?: SerializedError }
  | { type: 'warning'; warning: Warning }
  /** The agent's task list as it now stands, whole, after each change it made with the planning tools. */
  | { type: 'task-plan'; agentId: string; tasks: PlannedTask[] }
  | { type: 'consensus'; winnerAgentId: string; winnerLabel: string; tally: TallyEntry[]; stopReason: StopReason }
  /**
   * The winner judged the final answer incomplete and restarted the coordination
   * (`max_orchestration_restarts`): answers and votes are cleared, rounds count again from 1,
   * and attempt `attempt` of `maxAttempts` begins with `reason`, `instructions` and the
   * `previousAnswer` in every agent's prompt.
   */
  | ({ type: 'orchestration-restart' } & OrchestrationRestart)
  | { type: 'final-delta'; agentId: string; text: string }
  | { type: 'final'; agentId: string; label: string; content: string }
  /**
   * Tokens one model call spent for the agent. `modelId` is set when the call was not the agent's
   * own model but one a tool called on its behalf (a media tool asking a model about an image).
   */
  | { type: 'usage'; agentId: string; usage: Usage; costUsd?: number; modelId?: string }
  | {
      type: 'run-end';
      stopReason: StopReason;
      winnerAgentId?: string;
      finalAnswer?: string;
      error?: SerializedError;
    };

export type CoordinationEventType = CoordinationEvent['type'];

/** A coordination event as the runtime publishes it: numbered and timed within its run. */
export type RunEvent = CoordinationEvent & {
  runId: string;
  /** 0-based position in the run's event stream. */
  seq: number;
  /** Milliseconds since the Unix epoch. */
  time: number;
};
