import { MassGenError } from '@massgen/core';
import type { CoordinationEvent, SerializedError, StopReason, StrategyContext, TurnRequest } from '@massgen/core';
import { AgentTurn } from './agent-turn.js';
import { agentPromptBase } from './agent-prompt-base.js';
import type { RunInput } from './run-input.js';
import type { AgentRecord, Answer, CoordinationState } from './coordination-state.js';
import type { AsyncQueue } from '@massgen/backend-utils';
import { messagesFor } from './human-messages.js';
import { buildPresentationMessages } from './presentation-prompt.js';
import { presentWinner } from './presentation.js';
import { buildReviewMessages, reviewFinalAnswer, reviewRequest } from './orchestration-restart.js';
import type { VoteTally } from './vote-tally.js';
import type { RestartContext } from './restart-prompt.js';
import type { VoteSettings } from './vote-settings.js';

export type RunEnd = Extract<CoordinationEvent, { type: 'run-end' }>;

/** The winner asked for a new attempt instead of ending the run. */
export interface RestartRequest {
  type: 'restart-request';
  agentId: string;
  reason: string;
  instructions: string;
  /** The final answer the winner judged. */
  previousAnswer: string;
}

/** Stops after which the winner may review its answer: the team settled, no limit or person cut it short. */
const reviewableStops: ReadonlySet<StopReason> = new Set([
  'consensus',
  'convergence-threshold',
  'plateau',
  'max-rounds',
]);

export interface ConclusionInput {
  stopReason: Exclude<StopReason, 'cancelled'>;
  state: CoordinationState;
  settings: VoteSettings;
  context: StrategyContext;
  queue: AsyncQueue<RunInput>;
  /** Hands over the presentation turn (and the review's), so the run can abort it if it is closed early. */
  onPresentationTurn: (turn: AgentTurn) => void;
  /** The attempt that is concluding, from 1; the winner may restart it while attempts remain. */
  attempt: number;
  /** Why the attempt began, when the winner of an earlier one restarted the coordination. */
  restart?: RestartContext;
}

/**
 * Ends a coordination that was not cancelled: names the winner, has it present the final
 * answer (or takes its answer as it stands), and builds the `run-end` event. With restarts left
 * (`max_orchestration_restarts`), the winner first reviews the final answer and may ask for
 * another attempt instead.
 */
export async function* concludeRun(input: ConclusionInput): AsyncGenerator<CoordinationEvent, RunEnd | RestartRequest> {
  const { state, settings, stopReason } = input;
  const tally = state.tally(settings.votingMethod);
  const winner = tally.winner === undefined ? undefined : state.agentById(tally.winner.agentId);
  const answer = winner?.currentAnswer;
  if (tally.winner === undefined || winner === undefined || answer === undefined) {
    return { type: 'run-end', stopReason, error: noAnswerError(input) };
  }
  yield { type: 'consensus', winnerAgentId: winner.id, winnerLabel: answer.label, tally: tally.entries, stopReason };

  let final = { label: answer.label, content: answer.content };
  // A stopped agent cannot present. A budget stop still presents: the leader's one last call
  // is what turns the best answer so far into a final answer, as the limits promise.
  if (!settings.skipFinalPresentation && winner.alive) {
    const turn = winnerTurn(winner, 'presentation', state);
    input.onPresentationTurn(turn);
    const result = yield* presentWinner({
      turn,
      handle: winner.handle,
      request: presentationRequest(input, winner, tally),
      answerContent: answer.content,
      queue: input.queue,
    });
    if (result.kind === 'cancelled') return { type: 'run-end', stopReason: 'cancelled' };
    if (result.kind === 'presented') final = { label: `${winner.label}.final`, content: result.content };
  }
  const maxAttempts = settings.maxOrchestrationRestarts + 1;
  if (input.attempt < maxAttempts && reviewableStops.has(stopReason) && winner.alive) {
    const turn = winnerTurn(winner, 'review', state);
    input.onPresentationTurn(turn);
    const { context } = input;
    const messages = buildReviewMessages({
      ...agentPromptBase(context, winner),
      finalAnswer: final.content,
      attempt: input.attempt,
      maxAttempts,
    });
    const decision = yield* reviewFinalAnswer({
      turn,
      handle: winner.handle,
      request: reviewRequest(messages),
      queue: input.queue,
    });
    if (decision.kind === 'cancelled') return { type: 'run-end', stopReason: 'cancelled' };
    if (decision.kind === 'restart') {
      const { reason, instructions } = decision;
      return { type: 'restart-request', agentId: winner.id, reason, instructions, previousAnswer: final.content };
    }
  }
  yield { type: 'final', agentId: winner.id, label: final.label, content: final.content };
  const end: RunEnd = { type: 'run-end', stopReason, winnerAgentId: winner.id, finalAnswer: final.content };
  if (stopReason === 'all-agents-failed') end.error = everyAgentStopped(state, answer);
  return end;
}

function presentationRequest(input: ConclusionInput, winner: AgentRecord, tally: VoteTally): TurnRequest {
  const { state, context } = input;
  const labelOf = (agentId: string): string => state.agentById(agentId)?.label ?? agentId;
  const messages = buildPresentationMessages({
    ...agentPromptBase(context, winner),
    ownLabel: winner.label,
    answers: state.currentAnswers().map((answer) => ({ agentLabel: answer.agentLabel, content: answer.content })),
    tally: tally.entries.map((entry) => ({
      agentLabel: labelOf(entry.agentId),
      votes: entry.votes,
      weight: entry.weight,
    })),
    votes: state.votes().map((vote) => ({
      voterLabel: vote.voterLabel,
      targetLabel: vote.targetAgentLabel,
      reason: vote.reason,
      ...(vote.confidence === undefined ? {} : { confidence: vote.confidence }),
    })),
    weighted: input.settings.votingMethod === 'weighted_by_confidence',
    synthesize: input.settings.finalAnswerStrategy === 'synthesize',
    personMessages: messagesFor(state, winner.id),
    ...(input.restart === undefined ? {} : { restart: input.restart }),
  });
  // The presenter keeps its own tools: the winner writes its deliverables (workspace files,
  // `write` context paths) while it presents. Without tools there is nothing to call.
  return { messages, workflowTools: [], toolChoice: winner.handle.tools.length > 0 ? 'auto' : 'none' };
}

function noAnswerError(input: ConclusionInput): SerializedError {
  const { stopReason, state, settings } = input;
  switch (stopReason) {
    case 'all-agents-failed': {
      const failures = state.agents.map((agent) => agent.failure).filter((failure) => failure !== undefined);
      // Agents that failed the same way (one provider down for all) are one reason, said once.
      const reasons = [...new Set(failures.map((failure) => failure.message))];
      return new MassGenError({
        code: failures[0]?.code ?? 'INTERNAL',
        message: `Every agent stopped before any answer was submitted. ${reasons.join(' ')}`,
      }).toJSON();
    }
    case 'timeout':
      return new MassGenError({
        code: 'TIMEOUT',
        message: `The coordination reached its time limit of ${String(settings.timeoutMs)} ms before any agent submitted an answer.`,
      }).toJSON();
    case 'answer-now':
      return new MassGenError({
        code: 'ABORTED',
        message: 'An answer was requested before any agent had submitted one.',
      }).toJSON();
    case 'budget':
      return new MassGenError({
        code: 'BUDGET_EXCEEDED',
        message: 'The budget was used up before any agent submitted an answer.',
      }).toJSON();
    default:
      return new MassGenError({
        code: 'WORKFLOW_VIOLATION',
        message: `The coordination ended (${stopReason}) before any agent submitted an answer.`,
      }).toJSON();
  }
}

function everyAgentStopped(state: CoordinationState, answer: Answer): SerializedError {
  const failure = state.agents.find((agent) => agent.failure !== undefined)?.failure;
  return new MassGenError({
    code: failure?.code ?? 'INTERNAL',
    message: `Every agent stopped before the coordination settled; answer ${answer.label} led and is returned as it was submitted.`,
  }).toJSON();
}

/** The winner's turn after the coordination, on the answers it ended with: no workflow tool is offered. */
function winnerTurn(winner: AgentRecord, purpose: 'presentation' | 'review', state: CoordinationState): AgentTurn {
  return new AgentTurn({
    agentId: winner.id,
    purpose,
    round: winner.turnsStarted,
    attempt: 1,
    reason: 'update',
    viewVersion: state.answersVersion,
    offered: { labels: [], newAnswer: false },
  });
}
