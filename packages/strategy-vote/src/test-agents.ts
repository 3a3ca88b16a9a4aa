import { answerTurn, createScriptedAgent, hang, textTurn, voteTurn } from '@massgen/testing';
import type { ScriptedAgent, ScriptedAgentTurn } from '@massgen/testing';
import type { TurnRequest } from '@massgen/core';
import { isPresentation, offeredLabels } from './test-requests.js';

/** The turns of a scripted team member, as most vote tests write them: an answer, then votes. */
export interface VoterScript {
  /** Its first coordination turn, usually its answer. */
  first: ScriptedAgentTurn;
  /** Its second turn, a retry included, when that differs from the later ones. */
  second?: ScriptedAgentTurn;
  /** Each later coordination turn (after `second`, when given), usually a vote; `index` counts all the agent's turns. */
  then: ScriptedAgentTurn | ((request: TurnRequest, index: number) => ScriptedAgentTurn);
  /** The text of its presentation, should it win, or the whole presentation turn: `<id> presents` unless told. */
  presents?: string | ScriptedAgentTurn;
}

/** A scripted agent that plays `script` in coordination and presents with `script.presents`. */
export function scriptedVoter(id: string, script: VoterScript): ScriptedAgent {
  const { first, second, then } = script;
  return createScriptedAgent({
    id,
    turns: (request, index) => {
      if (isPresentation(request)) return presentation(script.presents ?? `${id} presents`);
      if (index === 0) return first;
      if (index === 1 && second !== undefined) return second;
      return typeof then === 'function' ? then(request, index) : then;
    },
  });
}

function presentation(presents: string | ScriptedAgentTurn): ScriptedAgentTurn {
  return typeof presents === 'string' ? textTurn(presents) : presents;
}

/** Answers at once, then votes for the first answer on offer; presents with `<id> presents`. */
export function answerThenVote(id: string, answer: string): ScriptedAgent {
  return scriptedVoter(id, {
    first: answerTurn(answer),
    then: (request) => voteTurn(offeredLabels(request)[0] as string, 'fine'),
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
  return scriptedVoter(id, {
    first: answerTurn(`Answer of ${id}.`),
    then: (request) => {
      const label = choose(offeredLabels(request));
      return label === undefined ? [hang()] : voteTurn(label, 'first I was shown');
    },
    presents: `Final from ${id}`,
  });
}

/** The labels of every turn in which the agent could vote, in order. */
export function votingViews(agent: ScriptedAgent): string[][] {
  return agent.requests
    .filter((request) => !isPresentation(request))
    .map(offeredLabels)
    .filter((labels) => labels.length > 0);
}
