import type { CoordinationEvent, StrategyContext, TurnRequest } from '@massgen/core';
import { AgentTurn } from './agent-turn.js';
import { agentPromptBase } from './agent-prompt-base.js';
import type { AnswerSummaries } from './answer-summary.js';
import { buildCoordinationMessages } from './coordination-prompt.js';
import type { StallNotice } from './coordination-prompt.js';
import type { AgentRecord, Answer, CoordinationState, PendingTurn } from './coordination-state.js';
import type { RestartContext } from './restart-prompt.js';
import { messagesFor } from './human-messages.js';
import type { RunInput } from './run-input.js';
import { mayShow } from './topology.js';
import type { VoteSettings } from './vote-settings.js';
import { workflowToolsFor } from './workflow-tools.js';
import type { OfferedTools } from './workflow-tools.js';

/** How many leading answers a fresh start after stagnation shows at most. */
const freshStartAnswerLimit = 3;

/** What starting the pending turns reads of the coordination, and where a turn's inputs go. */
export interface TurnStarts {
  state: CoordinationState;
  settings: VoteSettings;
  context: StrategyContext;
  /** Set while the team is stalled: every turn started carries the notice. */
  stall: Omit<StallNotice, 'freshStart'> | undefined;
  /** Set in every attempt after the winner restarted the orchestration: every turn says why. */
  restart: RestartContext | undefined;
  /** The answers an agent is shown under the run's topology now. */
  visibleTo: (agent: AgentRecord) => Answer[];
  /** Long answers' summaries (`answer_summary`), quoted to every agent but the author. */
  summaries: AnswerSummaries;
  push: (input: RunInput) => void;
}

/**
 * Starts the turn of every live agent that has one pending and may take it, and returns the
 * events that say so. Every turn is requested before any event is handed out, so agents start together.
 */
export function startPendingTurns(run: TurnStarts): CoordinationEvent[] {
  const { state, settings } = run;
  const events: CoordinationEvent[] = [];
  for (const agent of state.agents) {
    const pending = agent.pending;
    if (!agent.alive || agent.turn !== undefined || pending === undefined) continue;
    // Asked after every input, so a waiting agent costs no more than the check of whom it waits for.
    const waitingFor = pending.afterInterruption === true ? firstAnswersComing(run, agent) : [];
    if (waitingFor.length > 0) {
      events.push(...announceWait(agent, pending, waitingFor));
      continue;
    }
    const answers =
      pending.freshStart === true
        ? state.leadingAnswers(settings.votingMethod, freshStartAnswerLimit)
        : run.visibleTo(agent);
    // A long answer is quoted as its summary, so the turn waits until the summary is written.
    if (answers.some((answer) => answer.agentId !== agent.id && run.summaries.isPending(answer.label))) continue;
    const offered = state.offeredFor(agent, settings.maxNewAnswersPerAgent, answers);
    const isNewTurn = pending.reason !== 'retry' && pending.continuesRound !== true;
    if (isNewTurn && !mayBeginTurn(settings, agent, offered)) continue;
    if (isNewTurn) agent.turnsStarted += 1;
    agent.pending = undefined;
    const wrapUp = pending.wrapUp === true;
    const deadlineMs = wrapUp ? settings.roundGraceMs : settings.roundTimeoutMs;
    const turn = new AgentTurn({
      agentId: agent.id,
      purpose: 'coordination',
      round: agent.turnsStarted,
      attempt: pending.attempt,
      reason: pending.reason,
      viewVersion: state.answersVersion,
      messageVersion: state.messages.length,
      offered,
      shownAnswers: answers.map((answer) => answer.label),
      ...(deadlineMs === undefined ? {} : { deadlineMs }),
      wrapUp,
    });
    agent.turn = turn;
    events.push(...announceRound(state, turn.round));
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
    turn.start(agent.handle, turnRequest(run, agent, answers, offered, pending), run.push);
  }
  return events;
}

/**
 * The agents still writing a first answer that `agent` may be shown. An interrupted turn waits
 * for them before restarting, since their answers would only interrupt the restart again, and
 * the run cannot reach consensus before they arrive anyway. With a convergence threshold nobody
 * waits: the team may converge without a straggler's answer.
 */
function firstAnswersComing({ state, settings }: TurnStarts, agent: AgentRecord): string[] {
  if (settings.convergenceThreshold !== undefined) return [];
  return state
    .live()
    .filter(
      (other) =>
        other.turn !== undefined && other.turn.viewVersion === 0 && mayShow(settings.topology, state, agent, other),
    )
    .map((other) => other.id);
}

function mayBeginTurn(settings: VoteSettings, agent: AgentRecord, offered: OfferedTools): boolean {
  const { maxRounds } = settings;
  const hasTurnsLeft = maxRounds === undefined || agent.turnsStarted < maxRounds;
  return hasTurnsLeft && (offered.newAnswer || offered.labels.length > 0);
}

function turnRequest(
  { state, settings, context, stall, restart, summaries }: TurnStarts,
  agent: AgentRecord,
  answers: readonly Answer[],
  offered: OfferedTools,
  pending: PendingTurn,
): TurnRequest {
  const messages = buildCoordinationMessages({
    ...agentPromptBase(context, agent),
    ownLabel: agent.label,
    answers: answers.map((answer) => ({
      agentLabel: answer.agentLabel,
      // Its author is shown its own answer as written.
      ...(answer.agentId === agent.id ? { content: answer.content } : summaries.quoted(answer)),
    })),
    offered,
    ...(pending.feedback === undefined ? {} : { feedback: pending.feedback }),
    ...(stall === undefined ? {} : { stall: { ...stall, freshStart: pending.freshStart === true } }),
    votingSensitivity: settings.votingSensitivityOf(agent.id),
    ...(restart === undefined ? {} : { restart }),
    personMessages: messagesFor(state, agent.id),
  });
  return { messages, workflowTools: workflowToolsFor(offered), toolChoice: 'auto' };
}

/**
 * Round k is every agent's k-th turn, so it starts with the first of them: the run's round is
 * the highest any agent has reached, announced before that agent's turn.
 */
function announceRound(state: CoordinationState, round: number): CoordinationEvent[] {
  const announced: CoordinationEvent[] = [];
  while (state.round < round) {
    state.round += 1;
    announced.push({ type: 'round', round: state.round });
  }
  return announced;
}

/** Says, once, that an interrupted agent holds off its restart, and for whose first answers. */
function announceWait(agent: AgentRecord, pending: PendingTurn, waitingFor: string[]): CoordinationEvent[] {
  if (pending.waitAnnounced === true) return [];
  pending.waitAnnounced = true;
  return [
    { type: 'agent-waiting', agentId: agent.id, waitingFor, reason: pending.restartReason ?? 'the answers changed' },
  ];
}
