import { createScriptedAgent, hang, newAnswerCall, textTurn, voteCall } from '@massgen/testing';
import type { ScriptedAgent } from '@massgen/testing';
import type { TurnRequest } from '@massgen/core';
import { isPresentation, offeredLabels } from './test-requests.js';

/** Answers at once, then votes for the first answer on offer; presents with `<id> presents`. */
export function answerThenVote(id: string, answer: string): ScriptedAgent {
  return createScriptedAgent({
    id,
    turns: (request, index) => {
      if (isPresentation(request)) return textTurn(`${id} presents`);
      return index === 0
        ? textTurn('', newAnswerCall(answer))
        : textTurn('', voteCall(offeredLabels(request)[0] as string, 'fine'));
    },
  });
}

/** Answers in its first turn; afterwards votes for the first answer it is offered. */
export function answerThenVoteFirst(id: string): ScriptedAgent {
  return answerThenVoteBy(id);
}

/**
 * Answers in its first turn; afterwards votes for the answer `choose` picks among those offered
 * (the first, unless told), or never ends its turn when `choose` picks none.
 */
export function answerThenVoteBy(
  id: string,
  choose: (labels: readonly string[]) => string | undefined = (labels) => labels[0] ?? 'agent1',
): ScriptedAgent {
  return createScriptedAgent({
    id,
    turns: (request: TurnRequest, index: number) => {
      if (isPresentation(request)) return textTurn(`Final from ${id}`);
      if (index === 0) return textTurn('', newAnswerCall(`Answer of ${id}.`));
      const label = choose(offeredLabels(request));
      return label === undefined ? [hang()] : textTurn('', voteCall(label, 'first I was shown'));
    },
  });
}

/** The labels of every turn in which the agent could vote, in order. */
export function votingViews(agent: ScriptedAgent): string[][] {
  return agent.requests
    .filter((request) => !isPresentation(request))
    .map(offeredLabels)
    .filter((labels) => labels.length > 0);
}
