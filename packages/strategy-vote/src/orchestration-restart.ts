import type { AgentPromptBase } from './agent-prompt-base.js';
import type { CoordinationEvent, Message, TurnRequest } from '@massgen/core';
import { joinSections } from './coordination-prompt.js';
import { withAttachments } from '@massgen/prompt-blocks';
import { quoteBlock, quoteHistory } from './quoted-data.js';
import { readReviewCall, restartToolName, reviewToolDefinitions, submitToolName } from './restart-tools.js';
import { awaitSoleTurn } from './sole-turn.js';
import type { SoleTurnInput } from './sole-turn.js';

export interface ReviewPromptInput extends AgentPromptBase {
  finalAnswer: string;
  /** The attempt under review, from 1. */
  attempt: number;
  maxAttempts: number;
}

const reviewSection = `## Reviewing the final answer
The team chose your answer, and the final answer below was written from it. Before it reaches the user, check it against the task: is it correct, is it complete, and does it do everything the task asks? Use your other tools to verify it where they help.

Then end your turn with exactly one call:
- ${submitToolName}: the final answer is ready for the user.
- ${restartToolName}: the final answer falls short in a way a new attempt can fix. Give the reason (what is wrong or missing) and instructions (what the team should do differently). Every agent starts again with both and with this answer in view; the answers and votes so far are cleared.

Restart only for a real shortcoming: each attempt costs the whole team's work again.`;

export function buildReviewMessages(input: ReviewPromptInput): Message[] {
  const attemptsLeft = input.maxAttempts - input.attempt;
  return [
    { role: 'system', content: joinSections([input.systemMessage, reviewSection]) },
    {
      role: 'user',
      content: withAttachments(
        joinSections([
          quoteHistory(input.history),
          quoteBlock('task', input.task),
          quoteBlock('final_answer', input.finalAnswer),
          `This is attempt ${input.attempt} of ${input.maxAttempts}; ${attemptsLeft} restart${attemptsLeft === 1 ? '' : 's'} left. Call ${submitToolName} or ${restartToolName} now.`,
        ]),
        input.attachments,
      ),
    },
  ];
}

export function reviewRequest(messages: Message[]): TurnRequest {
  return { messages, workflowTools: reviewToolDefinitions(), toolChoice: 'auto' };
}

export type ReviewDecision =
  { kind: 'submit' } | { kind: 'restart'; reason: string; instructions: string } | { kind: 'cancelled' };

/** The review's turn is created with purpose `review`. */
export type ReviewInput = SoleTurnInput;

/**
 * The winner's review of its final answer. Anything but a readable `restart_orchestration` call
 * submits the answer: no call, a failed turn, or a run limit (time, budget, answer-now) reached
 * meanwhile, so a review never keeps a run from ending. Only cancellation ends it otherwise.
 */
export async function* reviewFinalAnswer(input: ReviewInput): AsyncGenerator<CoordinationEvent, ReviewDecision> {
  const { turn } = input;
  const end = yield* awaitSoleTurn(input, () => true);
  if (end.kind === 'limit') {
    if (end.reason === 'cancelled') return { kind: 'cancelled' };
    yield reviewWarning(`the run reached a limit (${end.reason}) during the review`);
    return { kind: 'submit' };
  }
  if (turn.failure !== undefined) {
    yield reviewWarning(`the review failed (${turn.failure.message})`);
    return { kind: 'submit' };
  }
  const call = readReviewCall(turn.endingCalls);
  if (call.kind === 'unreadable') {
    yield reviewWarning(`its ${restartToolName} call could not be used: ${call.problem}`);
    return { kind: 'submit' };
  }
  return call;
}

function reviewWarning(why: string): CoordinationEvent {
  return {
    type: 'warning',
    warning: {
      code: 'final-review-submitted',
      message: `The final answer was submitted as it stands: ${why}.`,
    },
  };
}
