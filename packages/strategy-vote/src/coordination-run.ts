import { MassGenError } from '@massgen/core';
import type { CoordinationEvent, SerializedError, StopReason, StrategyContext, TurnRequest } from '@massgen/core';
import { AgentTurn, supersededTurnEvents } from './agent-turn.js';
import type { TurnInput } from './agent-turn.js';
import { watchLimits } from './coordination-limits.js';
import type { LimitInput } from './coordination-limits.js';
import { buildCoordinationMessages } from './coordination-prompt.js';
import type { AttemptFeedback } from './coordination-prompt.js';
import { CoordinationState } from './coordination-state.js';
import type { AgentRecord } from './coordination-state.js';
import { EventQueue } from './event-queue.js';
import { concludeRun } from './run-conclusion.js';
import type { RunEnd } from './run-conclusion.js';
import type { TurnOutcome } from './turn-outcome.js';
import { readVoteSettings } from './vote-settings.js';
import type { VoteSettings } from './vote-settings.js';
import { workflowToolsFor } from './workflow-tools.js';
import type { OfferedTools } from './workflow-tools.js';

export interface CoordinationOptions {
  /**
   * What a new answer does to turns already running: `finish` lets them end (a stale vote is
   * then discarded and the agent restarts); `restart` aborts them and restarts at once.
   */
  inFlightTurns: 'finish' | 'restart';
}

/**
 * One coordination: the state machine of the vote strategy. Every input (a turn's part, a
 * turn's end, a limit) comes through one queue and is handled to completion before the next.
 */
export class CoordinationRun {
  private readonly state: CoordinationState;
  private readonly settings: VoteSettings;
  private readonly queue = new EventQueue<TurnInput | LimitInput>();
  private presentationTurn: AgentTurn | undefined;

  constructor(
    private readonly context: StrategyContext,
    private readonly options: CoordinationOptions,
  ) {
    this.settings = readVoteSettings(context.settings);
    this.state = new CoordinationState(context.agents);
  }

  async *run(): AsyncGenerator<CoordinationEvent, RunEnd> {
    if (this.context.signal.aborted) return { type: 'run-end', stopReason: 'cancelled' };
    const stopWatching = watchLimits(this.context, this.settings.timeoutMs, (input) => this.queue.push(input));
    try {
      for (const agent of this.state.agents) agent.pending = { reason: 'initial', attempt: 1 };
      const stopReason = yield* this.coordinate();
      if (stopReason === 'cancelled') return { type: 'run-end', stopReason };
      this.abortTurns();
      return yield* concludeRun({
        stopReason,
        state: this.state,
        settings: this.settings,
        context: this.context,
        queue: this.queue,
        onPresentationTurn: (turn) => {
          this.presentationTurn = turn;
        },
      });
    } finally {
      this.abortTurns();
      this.presentationTurn?.abort();
      stopWatching();
    }
  }

  /** Runs turns until a rule or a limit stops the coordination, and says why. */
  private async *coordinate(): AsyncGenerator<CoordinationEvent, StopReason> {
    for (;;) {
      const settled = this.settledStop();
      if (settled !== undefined) return settled;
      yield* this.startPendingTurns();
      if (!this.state.agents.some((agent) => agent.turn !== undefined)) {
        return this.state.live().length === 0 ? 'all-agents-failed' : 'max-rounds';
      }
      const input = await this.queue.next();
      if (input.kind === 'limit') return input.reason;
      yield* this.handleTurnInput(input);
    }
  }

  private settledStop(): StopReason | undefined {
    const live = this.state.live();
    if (live.length > 0 && live.every((agent) => agent.vote !== undefined)) return 'consensus';
    const threshold = this.settings.convergenceThreshold;
    if (threshold !== undefined && live.length > 0) {
      const leader = this.state.tally(this.settings.votingMethod).winner;
      if (leader !== undefined && leader.votes > 0 && leader.weight / live.length >= threshold) return 'convergence-threshold';
    }
    const spent = this.context.spent();
    const { maxTokensTotal, maxCostUsd } = this.settings;
    if (maxTokensTotal !== undefined && spent.tokens >= maxTokensTotal) return 'budget';
    if (maxCostUsd !== undefined && spent.costUsd >= maxCostUsd) return 'budget';
    return undefined;
  }

  private *startPendingTurns(): Generator<CoordinationEvent> {
    // Every turn is requested before any event is handed out, so agents start together.
    const events: CoordinationEvent[] = [];
    for (const agent of this.state.agents) {
      const pending = agent.pending;
      if (!agent.alive || agent.turn !== undefined || pending === undefined) continue;
      const offered = this.state.offeredFor(agent, this.settings.maxNewAnswersPerAgent);
      const isNewTurn = pending.reason !== 'retry';
      if (isNewTurn && !this.mayBeginTurn(agent, offered)) continue;
      if (isNewTurn) agent.turnsStarted += 1;
      agent.pending = undefined;
      const turn = new AgentTurn({
        agentId: agent.id,
        purpose: 'coordination',
        round: agent.turnsStarted,
        attempt: pending.attempt,
        reason: pending.reason,
        viewVersion: this.state.answersVersion,
        offered,
      });
      agent.turn = turn;
      if (pending.reason === 'restart') {
        events.push({ type: 'restart', agentId: agent.id, reason: pending.restartReason ?? 'the answers changed' });
      }
      events.push({ type: 'agent-start', agentId: agent.id, round: turn.round, attempt: turn.attempt, reason: turn.reason });
      turn.start(agent.handle, this.turnRequest(agent, offered, pending.feedback), (input) => this.queue.push(input));
    }
    yield* events;
    yield* this.announceRounds();
  }

  private mayBeginTurn(agent: AgentRecord, offered: OfferedTools): boolean {
    const { maxRounds } = this.settings;
    const hasTurnsLeft = maxRounds === undefined || agent.turnsStarted < maxRounds;
    return hasTurnsLeft && (offered.newAnswer || offered.labels.length > 0);
  }

  private turnRequest(agent: AgentRecord, offered: OfferedTools, feedback: AttemptFeedback | undefined): TurnRequest {
    const messages = buildCoordinationMessages({
      systemMessage: agent.handle.systemMessage,
      task: this.context.task,
      history: this.context.history,
      ownLabel: agent.label,
      answers: this.state.currentAnswers().map((answer) => ({ agentLabel: answer.agentLabel, content: answer.content })),
      offered,
      ...(feedback === undefined ? {} : { feedback }),
    });
    return { messages, workflowTools: workflowToolsFor(offered), toolChoice: 'auto' };
  }

  /** Round k starts once every live agent has begun its k-th turn. */
  private *announceRounds(): Generator<CoordinationEvent> {
    const live = this.state.live();
    if (live.length === 0) return;
    const reached = Math.min(...live.map((agent) => agent.turnsStarted));
    while (this.state.round < reached) {
      this.state.round += 1;
      yield { type: 'round', round: this.state.round };
    }
  }

  private *handleTurnInput(input: TurnInput): Generator<CoordinationEvent> {
    const agent = this.state.agentById(input.turn.agentId);
    if (agent === undefined || agent.turn !== input.turn) {
      yield* supersededTurnEvents(input);
      return;
    }
    if (input.kind === 'part') {
      yield* input.turn.record(input.part);
      return;
    }
    agent.turn = undefined;
    yield* this.applyOutcome(agent, input.turn, input.turn.outcome());
  }

  private *applyOutcome(agent: AgentRecord, turn: AgentTurn, outcome: TurnOutcome): Generator<CoordinationEvent> {
    switch (outcome.kind) {
      case 'answer':
        yield* this.acceptAnswer(agent, turn, outcome.content);
        return;
      case 'vote':
        yield* this.acceptVote(agent, turn, outcome);
        return;
      case 'violation': {
        const error = new MassGenError({
          code: 'WORKFLOW_VIOLATION',
          message: `Agent "${agent.id}" did not end its turn correctly: ${outcome.problem}.`,
          retryable: true,
          agentId: agent.id,
          provider: agent.handle.provider,
        }).toJSON();
        yield* this.failAttempt(agent, turn, error, { problem: outcome.problem, partialOutput: turn.partialOutput() });
        return;
      }
      case 'error':
        yield* this.failAttempt(agent, turn, { ...outcome.error, agentId: agent.id, provider: outcome.error.provider ?? agent.handle.provider }, undefined);
    }
  }

  private *acceptAnswer(agent: AgentRecord, turn: AgentTurn, content: string): Generator<CoordinationEvent> {
    const { answer, invalidated } = this.state.acceptAnswer(agent, content, turn.round);
    yield { type: 'answer', agentId: agent.id, label: answer.label, content, round: turn.round };
    agent.pending = { reason: 'update', attempt: 1 };
    for (const voter of invalidated) {
      if (voter.alive && voter !== agent) {
        voter.pending = { reason: 'restart', attempt: 1, restartReason: `new answer ${answer.label} made its vote out of date` };
      }
    }
    if (this.options.inFlightTurns !== 'restart') return;
    for (const other of this.state.live()) {
      if (other === agent || other.turn === undefined) continue;
      other.turn.abort();
      other.turn = undefined;
      other.pending = { reason: 'restart', attempt: 1, restartReason: `new answer ${answer.label} arrived during its turn` };
    }
  }

  private *acceptVote(agent: AgentRecord, turn: AgentTurn, vote: Extract<TurnOutcome, { kind: 'vote' }>): Generator<CoordinationEvent> {
    if (turn.viewVersion < this.state.answersVersion) {
      agent.pending = {
        reason: 'restart',
        attempt: 1,
        restartReason: `its vote for ${vote.label} was cast before newer answers arrived, so it was discarded`,
      };
      return;
    }
    const cast = this.state.castVote(agent, vote.label, vote.reason, vote.confidence, turn.round);
    yield {
      type: 'vote',
      agentId: agent.id,
      targetLabel: cast.targetLabel,
      targetAgentId: cast.targetAgentId,
      reason: cast.reason,
      ...(cast.confidence === undefined ? {} : { confidence: cast.confidence }),
      round: cast.round,
    };
  }

  private *failAttempt(
    agent: AgentRecord,
    turn: AgentTurn,
    error: SerializedError,
    feedback: AttemptFeedback | undefined,
  ): Generator<CoordinationEvent> {
    const willRetry = error.retryable && turn.attempt < this.settings.maxTurnAttempts;
    yield { type: 'agent-error', agentId: agent.id, error, attempt: turn.attempt, willRetry };
    if (willRetry) {
      agent.pending = { reason: 'retry', attempt: turn.attempt + 1, ...(feedback === undefined ? {} : { feedback }) };
      return;
    }
    const source = `${agent.handle.provider}/${agent.handle.modelId}`;
    const reason = error.retryable
      ? `Agent "${agent.id}" (${source}) failed all ${turn.attempt} attempts of its turn; the last: ${error.message}`
      : `Agent "${agent.id}" (${source}) stopped after a failure that retrying cannot fix: ${error.message}`;
    agent.alive = false;
    agent.pending = undefined;
    agent.failure = error;
    yield { type: 'agent-killed', agentId: agent.id, reason };
  }

  private abortTurns(): void {
    for (const agent of this.state.agents) {
      agent.turn?.abort();
      agent.turn = undefined;
    }
  }
}
