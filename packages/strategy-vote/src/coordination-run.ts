import { AsyncQueue } from '@massgen/backend-utils';
import { MassGenError } from '@massgen/core';
import type { CoordinationEvent, StopReason, StrategyContext } from '@massgen/core';
import { supersededTurnEvents } from './agent-turn.js';
import type { AgentTurn, TurnInput } from './agent-turn.js';
import { AnswerNovelty } from './answer-novelty.js';
import { AnswerSummaries } from './answer-summary.js';
import { watchLimits } from './coordination-limits.js';
import type { StallNotice } from './coordination-prompt.js';
import { CoordinationState } from './coordination-state.js';
import type { AgentRecord, Answer } from './coordination-state.js';
import { takeMessage, watchHumanMessages } from './human-messages.js';
import type { TakenMessage } from './human-messages.js';
import { startPendingTurns } from './pending-turns.js';
import type { RestartContext } from './restart-prompt.js';
import { restoreCoordination } from './resumed-state.js';
import { concludeRun } from './run-conclusion.js';
import type { RestartRequest, RunEnd } from './run-conclusion.js';
import type { RunInput } from './run-input.js';
import { settledStop } from './settled-stop.js';
import { SilenceWatch } from './silence-watch.js';
import { respondToStagnation } from './stagnation-response.js';
import { StagnationWatch } from './stagnation-watch.js';
import { visibleAnswers } from './topology.js';
import { currentGroups, openFinalRound, restoreStages } from './topology-rounds.js';
import { TournamentBracket } from './tournament.js';
import { dropAgent, failAttempt, missDeadline } from './turn-failure.js';
import type { TurnOutcome } from './turn-outcome.js';
import { interruptStaleTurns } from './turn-restarts.js';
import { acceptVote } from './vote-acceptance.js';
import { readVoteSettings } from './vote-settings.js';
import type { VoteSettings } from './vote-settings.js';

/**
 * One coordination: the state machine of the vote strategy. Every input (a turn's part, a
 * turn's end or deadline, a limit) comes through one queue and is handled to completion before
 * the next.
 */
export class CoordinationRun {
  private state!: CoordinationState;
  private readonly settings: VoteSettings;
  private readonly queue = new AsyncQueue<RunInput>();
  private novelty!: AnswerNovelty;
  private stagnation!: StagnationWatch;
  /** The attempt under way, from 1; the winner's restarts (`max_orchestration_restarts`) begin the next. */
  private attempt = 1;
  /** Why the attempt under way began, for every prompt of it; none in the first attempt. */
  private restart: RestartContext | undefined;
  /** Rounds every live agent has finished, as far as the stagnation watch has been told. */
  private roundsCompleted = 0;
  /** Set while the team is stalled, for the prompts; cleared by a novel answer. */
  private stall: Omit<StallNotice, 'freshStart'> | undefined;
  private plateaued = false;
  private presentationTurn: AgentTurn | undefined;
  private readonly silence: SilenceWatch;
  private summaries!: AnswerSummaries;
  /**
   * The user asked for an answer before any existed: the run goes on, and the first answer to
   * arrive ends the coordination and is presented.
   */
  private answerNowWaiting = false;
  /** The attempt's stages came back from the record, which announced them already. */
  private stagesRestored = false;

  constructor(private readonly context: StrategyContext) {
    this.settings = readVoteSettings(context);
    this.beginAttempt([]);
    this.silence = new SilenceWatch(this.settings.stragglerTimeoutMs, (input) => this.queue.push(input));
  }

  /**
   * A clean slate for an attempt: no answers, votes or rounds, every agent back in. Only the
   * person's messages carry over, since they are about the task, not about one attempt.
   */
  private beginAttempt(messages: readonly TakenMessage[]): void {
    this.state = new CoordinationState(this.context.agents);
    this.state.messages.push(...messages);
    const { topology } = this.settings;
    if (topology.type === 'tournament')
      this.state.bracket = new TournamentBracket(
        this.state.agents.map((agent) => agent.id),
        topology.size,
      );
    this.novelty = new AnswerNovelty(this.settings.answerNoveltyRequirement);
    this.stagnation = new StagnationWatch(this.settings);
    this.roundsCompleted = 0;
    this.stall = undefined;
    this.plateaued = false;
    this.answerNowWaiting = false;
    this.stagesRestored = false;
    this.summaries = new AnswerSummaries(this.settings.answerSummary, this.context.models, this.context.task, (input) =>
      this.queue.push(input),
    );
  }

  async *run(): AsyncGenerator<CoordinationEvent, RunEnd> {
    if (this.context.signal.aborted) return { type: 'run-end', stopReason: 'cancelled' };
    const stopWatching = watchLimits(this.context, this.settings.timeoutMs, (input) => this.queue.push(input));
    const stopListening = watchHumanMessages(this.context, (input) => this.queue.push(input));
    try {
      const resume = this.context.resume;
      if (resume === undefined) {
        for (const agent of this.state.agents) agent.pending = { reason: 'initial', attempt: 1 };
      } else {
        if (resume.orchestrationRestart !== undefined) {
          const { attempt, maxAttempts, reason, instructions, previousAnswer } = resume.orchestrationRestart;
          this.attempt = attempt;
          this.restart = { attempt, maxAttempts, reason, instructions, previousAnswer };
        }
        this.summaries.restore(resume);
        this.stagesRestored = restoreStages(this.state, this.settings, resume);
        for (const answer of restoreCoordination(this.state, resume)) {
          this.novelty.record(answer.label, answer.content);
          if (answer === this.state.agentById(answer.agentId)?.currentAnswer) this.summaries.consider(answer);
        }
        this.roundsCompleted = this.state.roundsCompletedByAll();
      }
      for (;;) {
        const stopReason = yield* this.coordinate();
        this.silence.close();
        this.summaries.close();
        if (stopReason === 'cancelled') return { type: 'run-end', stopReason };
        this.abortTurns();
        const end = yield* concludeRun({
          stopReason,
          state: this.state,
          settings: this.settings,
          context: this.context,
          queue: this.queue,
          onPresentationTurn: (turn) => {
            this.presentationTurn = turn;
          },
          attempt: this.attempt,
          ...(this.restart === undefined ? {} : { restart: this.restart }),
        });
        if (end.type === 'run-end') return end;
        yield this.restartOrchestration(end);
      }
    } finally {
      this.abortTurns();
      this.presentationTurn?.abort();
      this.silence.close();
      this.summaries.close();
      stopWatching();
      stopListening();
    }
  }

  /** Begins the next attempt as the winner asked: everything cleared, its reasons in every prompt. */
  private restartOrchestration(request: RestartRequest): CoordinationEvent {
    this.attempt += 1;
    const maxAttempts = this.settings.maxOrchestrationRestarts + 1;
    const { reason, instructions, previousAnswer } = request;
    this.restart = { attempt: this.attempt, maxAttempts, reason, instructions, previousAnswer };
    this.beginAttempt(this.state.messages);
    for (const agent of this.state.agents) agent.pending = { reason: 'initial', attempt: 1 };
    return { type: 'orchestration-restart', agentId: request.agentId, ...this.restart };
  }

  /** Runs turns until a rule or a limit stops the coordination, and says why. */
  private async *coordinate(): AsyncGenerator<CoordinationEvent, StopReason> {
    // Streamed text only makes an agent less silent, so the watch looks again only after inputs
    // that can make it more so: a turn's end, a tool call or result, a request slot, a limit, its own timer.
    let silenceMayHaveChanged = true;
    // Nor does streamed text end a turn, hold an answer or vote, or spend: the rules and the
    // pending turns (a look at every agent, each waiting one's list too) wait for other inputs.
    // Fifty agents streaming text would otherwise cost N² work per chunk.
    let turnsMayHaveChanged = true;
    // A resumed run's stages were announced before it stopped, and are restored as they were.
    const grouping = this.stagesRestored ? undefined : currentGroups(this.state, this.settings);
    if (grouping !== undefined) yield grouping;
    for (;;) {
      if (turnsMayHaveChanged) {
        if (openFinalRound(this.state, this.settings)) yield* optional(currentGroups(this.state, this.settings));
        const settled = settledStop(this.state, this.settings, {
          answerNowWaiting: this.answerNowWaiting,
          plateaued: this.plateaued,
          spent: this.context.spent(),
        });
        if (settled !== undefined) return settled;
        yield* startPendingTurns({
          state: this.state,
          settings: this.settings,
          context: this.context,
          stall: this.stall,
          restart: this.restart,
          summaries: this.summaries,
          visibleTo: (agent) => this.visibleTo(agent),
          push: (input) => this.queue.push(input),
        });
        if (!this.state.agents.some((agent) => agent.turn !== undefined) && !this.summaries.writing) {
          return this.state.live().length === 0 ? 'all-agents-failed' : 'max-rounds';
        }
      }
      if (silenceMayHaveChanged && (yield* this.watchSilence())) {
        // A straggler was dropped: the rest may now conclude.
        turnsMayHaveChanged = true;
        continue;
      }
      const input = await this.queue.take();
      turnsMayHaveChanged =
        input.kind !== 'part' || (input.part.type !== 'text-delta' && input.part.type !== 'reasoning-delta');
      silenceMayHaveChanged =
        input.kind !== 'part' ||
        input.part.type === 'tool-call' ||
        input.part.type === 'tool-result' ||
        input.part.type === 'request-slot';
      if (input.kind === 'silence') continue;
      if (input.kind === 'summary') {
        // An answer replaced before its summary was back is shown to nobody any more.
        const answer = this.state.currentAnswers().find((current) => current.label === input.label);
        yield* this.summaries.finish(input, answer);
        continue;
      }
      if (input.kind === 'message') {
        yield* takeMessage(this.state, input.message, { interruptTurns: this.settings.interruptStaleTurns });
        continue;
      }
      if (input.kind === 'limit') {
        // An answer requested before any exists would end the run with nothing to show for it.
        if (input.reason === 'answer-now' && this.state.answersVersion === 0) {
          this.answerNowWaiting = true;
          continue;
        }
        return input.reason;
      }
      yield* this.handleTurnInput(input);
      yield* this.noteCompletedRounds();
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
    if (input.kind === 'deadline') {
      input.turn.abort();
      yield* missDeadline(agent, input.turn, this.settings);
      return;
    }
    yield* this.applyOutcome(agent, input.turn, input.turn.outcome());
  }

  private *applyOutcome(agent: AgentRecord, turn: AgentTurn, outcome: TurnOutcome): Generator<CoordinationEvent> {
    switch (outcome.kind) {
      case 'answer': {
        const verdict = this.novelty.judge(outcome.content);
        if (verdict.accepted) yield* this.acceptAnswer(agent, turn, outcome.content, verdict.novel);
        else yield* this.refuseAttempt(agent, turn, verdict.problem);
        return;
      }
      case 'vote':
        yield* acceptVote(this.state, agent, turn, outcome, (voter, viewVersion) =>
          this.seesAnswersAfter(voter, viewVersion),
        );
        return;
      case 'violation':
        yield* this.refuseAttempt(agent, turn, outcome.problem);
        return;
      case 'error': {
        const error = {
          ...outcome.error,
          agentId: agent.id,
          provider: outcome.error.provider ?? agent.handle.provider,
        };
        yield* failAttempt({ agent, turn, error, feedback: undefined, maxTurnAttempts: this.settings.maxTurnAttempts });
      }
    }
  }

  /** The agent broke a rule of the turn: it spends an attempt and is told what was wrong. */
  private *refuseAttempt(agent: AgentRecord, turn: AgentTurn, problem: string): Generator<CoordinationEvent> {
    const error = new MassGenError({
      code: 'WORKFLOW_VIOLATION',
      message: `Agent "${agent.id}" did not end its turn correctly: ${problem}.`,
      retryable: true,
      agentId: agent.id,
      provider: agent.handle.provider,
    }).toJSON();
    const feedback = { problem, partialOutput: turn.partialOutput() };
    yield* failAttempt({ agent, turn, error, feedback, maxTurnAttempts: this.settings.maxTurnAttempts });
  }

  private *acceptAnswer(
    agent: AgentRecord,
    turn: AgentTurn,
    content: string,
    novel: boolean,
  ): Generator<CoordinationEvent> {
    const { answer, invalidated, kept } = this.state.acceptAnswer(
      agent,
      content,
      turn.round,
      (voter) => !this.visibleTo(voter).some((shown) => shown.agentId === agent.id),
    );
    this.novelty.record(answer.label, content);
    this.summaries.consider(answer);
    agent.turnsCompleted = turn.round;
    agent.interruptionsInARow = 0;
    if (novel) {
      this.stagnation.progress(turn.round);
      this.stall = undefined;
    }
    yield {
      type: 'answer',
      agentId: agent.id,
      label: answer.label,
      content,
      round: turn.round,
      ...(kept.length === 0 ? {} : { keptVotes: kept.map((voter) => voter.id) }),
    };
    agent.pending = { reason: 'update', attempt: 1 };
    for (const voter of invalidated) {
      if (voter.alive && voter !== agent) {
        voter.pending = {
          reason: 'restart',
          attempt: 1,
          restartReason: `new answer ${answer.label} made its vote out of date`,
        };
      }
    }
    if (this.settings.interruptStaleTurns)
      interruptStaleTurns(this.state, agent, answer.label, (other, viewVersion) =>
        this.seesAnswersAfter(other, viewVersion),
      );
  }

  /** The answers `agent` is shown under the run's topology now. */
  private visibleTo(agent: AgentRecord): Answer[] {
    return visibleAnswers(this.settings.topology, this.state, agent, this.settings.votingMethod);
  }

  /**
   * Whether `agent` can now see an answer newer than a view built at `viewVersion`. With every
   * answer visible (`full`) that is any newer answer; a sparse topology leaves out those it
   * does not show the agent, so they neither interrupt it nor make its vote out of date.
   */
  private seesAnswersAfter(agent: AgentRecord, viewVersion: number): boolean {
    return this.visibleTo(agent).some((answer) => answer.sequence > viewVersion);
  }

  /**
   * Names agents that have gone silent, and drops stragglers: silent agents the rest of the team,
   * having voted, would otherwise wait on. Returns whether any agent was dropped.
   */
  private *watchSilence(): Generator<CoordinationEvent, boolean> {
    const { notices, stragglers } = this.silence.review(this.state);
    yield* notices;
    for (const agent of stragglers) {
      const source = `${agent.handle.provider}/${agent.handle.modelId}`;
      yield* dropAgent(
        agent,
        this.silence.stragglerError(agent),
        `Agent "${agent.id}" (${source}) was dropped so the team can conclude without it`,
      );
    }
    return stragglers.length > 0;
  }

  /** Tells the stagnation watch about every round all live agents have now finished. */
  private *noteCompletedRounds(): Generator<CoordinationEvent> {
    const completed = this.state.roundsCompletedByAll();
    while (this.roundsCompleted < completed) {
      this.roundsCompleted += 1;
      const response = respondToStagnation(this.stagnation.roundCompleted(this.roundsCompleted), this.state);
      if (response.plateau === true) this.plateaued = true;
      if (response.stall !== undefined) this.stall = response.stall;
      yield* response.events;
    }
  }

  private abortTurns(): void {
    for (const agent of this.state.agents) {
      agent.turn?.abort();
      agent.turn = undefined;
    }
  }
}

function* optional<T>(item: T | undefined): Generator<T> {
  if (item !== undefined) yield item;
}
