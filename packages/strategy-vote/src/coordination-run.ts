import { AsyncQueue } from '@massgen/backend-utils';
import { MassGenError } from '@massgen/core';
import type { CoordinationEvent, ResumedCoordination, StopReason, StrategyContext, TurnRequest } from '@massgen/core';
import { AgentTurn, supersededTurnEvents } from './agent-turn.js';
import type { TurnInput } from './agent-turn.js';
import { AnswerNovelty } from './answer-novelty.js';
import { AnswerSummaries } from './answer-summary.js';
import { watchLimits } from './coordination-limits.js';
import { buildCoordinationMessages } from './coordination-prompt.js';
import type { StallNotice } from './coordination-prompt.js';
import { CoordinationState } from './coordination-state.js';
import type { AgentRecord, Answer, PendingTurn } from './coordination-state.js';
import { concludeRun } from './run-conclusion.js';
import type { RestartRequest, RunEnd } from './run-conclusion.js';
import type { RestartContext } from './restart-prompt.js';
import { restoreCoordination } from './resumed-state.js';
import { StagnationWatch } from './stagnation-watch.js';
import type { StagnationStep } from './stagnation-watch.js';
import { SilenceWatch } from './silence-watch.js';
import { hasMessagesAfter, messagesFor, takeMessage, watchHumanMessages } from './human-messages.js';
import type { TakenMessage } from './human-messages.js';
import { dropAgent, failAttempt, missDeadline } from './turn-failure.js';
import { interruptStaleTurns, restartStuckAgents } from './turn-restarts.js';
import type { TurnOutcome } from './turn-outcome.js';
import type { RunInput } from './run-input.js';
import { groupWinners, mayShow, visibleAnswers } from './topology.js';
import { openNextStage, TournamentBracket } from './tournament.js';
import { readVoteSettings } from './vote-settings.js';
import type { VoteSettings } from './vote-settings.js';
import { workflowToolsFor } from './workflow-tools.js';
import type { OfferedTools } from './workflow-tools.js';

/** How many leading answers a fresh start after stagnation shows at most. */
const freshStartAnswerLimit = 3;

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
        this.restoreStages(resume);
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
    const grouping = this.stagesRestored ? undefined : this.currentGroups();
    if (grouping !== undefined) yield grouping;
    for (;;) {
      if (turnsMayHaveChanged) {
        if (this.openFinalRound()) yield* optional(this.currentGroups());
        const settled = this.settledStop();
        if (settled !== undefined) return settled;
        yield* this.startPendingTurns();
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

  /**
   * `islands`: once every live agent has voted within its group, the group winners' authors set
   * their votes aside and vote again among the group winners; the run concludes after that.
   * `tournament`: each time every live agent has voted, the next stage opens (`openNextStage`).
   */
  private openFinalRound(): boolean {
    const { topology } = this.settings;
    if (this.state.bracket !== undefined)
      return openNextStage(this.state.bracket, this.state, this.settings.votingMethod);
    if (topology.type !== 'islands' || this.state.finalists !== undefined) return false;
    const live = this.state.live();
    if (live.length === 0 || !live.every((agent) => agent.vote !== undefined)) return false;
    const winners = groupWinners(topology.size, this.state, this.settings.votingMethod);
    this.state.finalists = new Set(winners.map((winner) => winner.id));
    // One group winner has nobody to meet: the run concludes as it stands.
    if (winners.length < 2) return false;
    const labels = winners.flatMap((winner) =>
      winner.currentAnswer === undefined ? [] : [winner.currentAnswer.label],
    );
    for (const finalist of winners) {
      if (!finalist.alive) continue;
      finalist.vote = undefined;
      finalist.pending = {
        reason: 'restart',
        attempt: 1,
        restartReason: `its group's answer is among the group winners (${labels.join(', ')}), which now vote among themselves`,
      };
    }
    return true;
  }

  /**
   * Puts back the stages a resumed run had opened: the final round of `islands` (its finalists)
   * or the later stages of a tournament (each stage's entrants).
   */
  private restoreStages(resume: ResumedCoordination): void {
    this.stagesRestored = resume.groups !== undefined;
    for (const recorded of resume.groups ?? []) {
      if (recorded.stage < 2) continue;
      const entrants = recorded.groups.flat();
      if (recorded.topology === 'tournament') this.state.bracket?.advance(entrants);
      else if (this.settings.topology.type === 'islands') this.state.finalists = new Set(entrants);
    }
  }

  /** The topology's groups as they stand, for the displays: none unless it groups agents. */
  private currentGroups(): CoordinationEvent | undefined {
    const { topology } = this.settings;
    const bracket = this.state.bracket;
    if (bracket !== undefined)
      return { type: 'groups', topology: 'tournament', stage: bracket.stage, groups: bracket.matches() };
    if (topology.type !== 'islands') return undefined;
    const finalists = this.state.finalists;
    if (finalists !== undefined && finalists.size > 1) {
      const group = this.state.agents.filter((agent) => finalists.has(agent.id)).map((agent) => agent.id);
      return { type: 'groups', topology: 'islands', stage: 2, groups: [group] };
    }
    const groups: string[][] = [];
    for (let start = 0; start < this.state.agents.length; start += topology.size)
      groups.push(this.state.agents.slice(start, start + topology.size).map((agent) => agent.id));
    return { type: 'groups', topology: 'islands', stage: 1, groups };
  }

  private settledStop(): StopReason | undefined {
    if (this.answerNowWaiting && this.state.answersVersion > 0) return 'answer-now';
    const live = this.state.live();
    if (live.length > 0 && live.every((agent) => agent.vote !== undefined)) return 'consensus';
    const threshold = this.settings.convergenceThreshold;
    if (threshold !== undefined && live.length > 0) {
      const leader = this.state.tally(this.settings.votingMethod).winner;
      if (leader !== undefined && leader.votes > 0 && leader.weight / live.length >= threshold)
        return 'convergence-threshold';
    }
    if (this.plateaued) return 'plateau';
    const spent = this.context.spent();
    const { maxTokensTotal, maxCostUsd } = this.settings;
    const overBudget =
      (maxTokensTotal !== undefined && spent.tokens >= maxTokensTotal) ||
      (maxCostUsd !== undefined && spent.costUsd >= maxCostUsd);
    // An answer submitted in a turn that is ending was paid for: it is taken before the budget stops the run.
    if (overBudget && !this.state.agents.some((agent) => agent.turn?.hasAnswerCall === true)) return 'budget';
    return undefined;
  }

  private *startPendingTurns(): Generator<CoordinationEvent> {
    // Every turn is requested before any event is handed out, so agents start together.
    const events: CoordinationEvent[] = [];
    for (const agent of this.state.agents) {
      const pending = agent.pending;
      if (!agent.alive || agent.turn !== undefined || pending === undefined) continue;
      // Asked after every input, so a waiting agent costs no more than the check of whom it waits for.
      const waitingFor = pending.afterInterruption === true ? this.firstAnswersComing(agent) : [];
      if (waitingFor.length > 0) {
        events.push(...announceWait(agent, pending, waitingFor));
        continue;
      }
      const answers =
        pending.freshStart === true
          ? this.state.leadingAnswers(this.settings.votingMethod, freshStartAnswerLimit)
          : this.visibleTo(agent);
      // A long answer is quoted as its summary, so the turn waits until the summary is written.
      if (answers.some((answer) => answer.agentId !== agent.id && this.summaries.isPending(answer.label))) continue;
      const offered = this.state.offeredFor(agent, this.settings.maxNewAnswersPerAgent, answers);
      const isNewTurn = pending.reason !== 'retry' && pending.continuesRound !== true;
      if (isNewTurn && !this.mayBeginTurn(agent, offered)) continue;
      if (isNewTurn) agent.turnsStarted += 1;
      agent.pending = undefined;
      const wrapUp = pending.wrapUp === true;
      const deadlineMs = wrapUp ? this.settings.roundGraceMs : this.settings.roundTimeoutMs;
      const turn = new AgentTurn({
        agentId: agent.id,
        purpose: 'coordination',
        round: agent.turnsStarted,
        attempt: pending.attempt,
        reason: pending.reason,
        viewVersion: this.state.answersVersion,
        messageVersion: this.state.messages.length,
        offered,
        shownAnswers: answers.map((answer) => answer.label),
        ...(deadlineMs === undefined ? {} : { deadlineMs }),
        wrapUp,
      });
      agent.turn = turn;
      events.push(...this.announceRound(turn.round));
      if (pending.reason === 'restart') {
        events.push({ type: 'restart', agentId: agent.id, reason: pending.restartReason ?? 'the answers changed' });
      }
      events.push({
        type: 'agent-start',
        agentId: agent.id,
        round: turn.round,
        attempt: turn.attempt,
        reason: turn.reason,
      });
      turn.start(agent.handle, this.turnRequest(agent, answers, offered, pending), (input) => this.queue.push(input));
    }
    yield* events;
  }

  /**
   * The agents still writing a first answer that `agent` may be shown. An interrupted turn waits
   * for them before restarting, since their answers would only interrupt the restart again, and
   * the run cannot reach consensus before they arrive anyway. With a convergence threshold nobody
   * waits: the team may converge without a straggler's answer.
   */
  private firstAnswersComing(agent: AgentRecord): string[] {
    if (this.settings.convergenceThreshold !== undefined) return [];
    return this.state
      .live()
      .filter(
        (other) =>
          other.turn !== undefined &&
          other.turn.viewVersion === 0 &&
          mayShow(this.settings.topology, this.state, agent, other),
      )
      .map((other) => other.id);
  }

  private mayBeginTurn(agent: AgentRecord, offered: OfferedTools): boolean {
    const { maxRounds } = this.settings;
    const hasTurnsLeft = maxRounds === undefined || agent.turnsStarted < maxRounds;
    return hasTurnsLeft && (offered.newAnswer || offered.labels.length > 0);
  }

  private turnRequest(
    agent: AgentRecord,
    answers: readonly Answer[],
    offered: OfferedTools,
    pending: PendingTurn,
  ): TurnRequest {
    const messages = buildCoordinationMessages({
      systemMessage: agent.handle.systemMessage,
      task: this.context.task,
      ...(this.context.attachments === undefined ? {} : { attachments: this.context.attachments }),
      history: this.context.history,
      ownLabel: agent.label,
      answers: answers.map((answer) => ({
        agentLabel: answer.agentLabel,
        // Its author is shown its own answer as written.
        ...(answer.agentId === agent.id ? { content: answer.content } : this.summaries.quoted(answer)),
      })),
      offered,
      ...(pending.feedback === undefined ? {} : { feedback: pending.feedback }),
      ...(this.stall === undefined ? {} : { stall: { ...this.stall, freshStart: pending.freshStart === true } }),
      votingSensitivity: this.settings.votingSensitivityOf(agent.id),
      ...(this.restart === undefined ? {} : { restart: this.restart }),
      personMessages: messagesFor(this.state, agent.id),
    });
    return { messages, workflowTools: workflowToolsFor(offered), toolChoice: 'auto' };
  }

  /**
   * Round k is every agent's k-th turn, so it starts with the first of them: the run's round is
   * the highest any agent has reached, announced before that agent's turn.
   */
  private announceRound(round: number): CoordinationEvent[] {
    const announced: CoordinationEvent[] = [];
    while (this.state.round < round) {
      this.state.round += 1;
      announced.push({ type: 'round', round: this.state.round });
    }
    return announced;
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
        yield* this.acceptVote(agent, turn, outcome);
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

  private *acceptVote(
    agent: AgentRecord,
    turn: AgentTurn,
    vote: Extract<TurnOutcome, { kind: 'vote' }>,
  ): Generator<CoordinationEvent> {
    agent.turnsCompleted = turn.round;
    agent.interruptionsInARow = 0;
    const target = this.state.agents.find((each) => each.label === vote.label);
    const shownLabel = turn.shownAnswers.find((label) => label.startsWith(`${vote.label}.`));
    const messaged = hasMessagesAfter(this.state, agent, turn.messageVersion);
    if (messaged || this.seesAnswersAfter(agent, turn.viewVersion) || target?.currentAnswer?.label !== shownLabel) {
      // Shown, so the record says what happened, but marked: it counts for nothing.
      yield {
        type: 'vote',
        agentId: agent.id,
        targetLabel: shownLabel ?? vote.label,
        targetAgentId: target?.id ?? vote.label,
        reason: vote.reason,
        ...(vote.confidence === undefined ? {} : { confidence: vote.confidence }),
        round: turn.round,
        stale: true,
      };
      agent.pending = {
        reason: 'restart',
        attempt: 1,
        restartReason: messaged
          ? `its vote for ${vote.label} was cast before the person's message arrived, so it does not count`
          : `its vote for ${vote.label} was cast before newer answers arrived, so it does not count`,
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
      yield* this.respondToStagnation(this.stagnation.roundCompleted(this.roundsCompleted));
    }
  }

  private *respondToStagnation(step: StagnationStep): Generator<CoordinationEvent> {
    switch (step.kind) {
      case 'none':
        return;
      case 'plateau':
        this.plateaued = true;
        return;
      case 'coordination-prompt':
        // Turns already running finish as they are; every turn from now on carries the prompt.
        this.stall = { rounds: step.rounds };
        yield {
          type: 'warning',
          warning: {
            code: 'coordination-stalled',
            message: `No agent has submitted a novel answer in the last ${step.rounds} round${step.rounds === 1 ? '' : 's'}; every agent still working is now asked to converge on the best answer (restart_after_stagnation).`,
          },
        };
        return;
      case 'fresh-restart':
        this.stall = { rounds: step.rounds };
        restartStuckAgents(
          this.state,
          `no novel answer in ${step.rounds} round${step.rounds === 1 ? '' : 's'}, even after the coordination prompt: restarted from a fresh context with the leading answers`,
        );
    }
  }

  private abortTurns(): void {
    for (const agent of this.state.agents) {
      agent.turn?.abort();
      agent.turn = undefined;
    }
  }
}

/** Says, once, that an interrupted agent holds off its restart, and for whose first answers. */
function announceWait(agent: AgentRecord, pending: PendingTurn, waitingFor: string[]): CoordinationEvent[] {
  if (pending.waitAnnounced === true) return [];
  pending.waitAnnounced = true;
  return [
    { type: 'agent-waiting', agentId: agent.id, waitingFor, reason: pending.restartReason ?? 'the answers changed' },
  ];
}

function* optional<T>(item: T | undefined): Generator<T> {
  if (item !== undefined) yield item;
}
