import { CitedSources, sourcesListedIn } from '@massgen/backend-utils';
import type { CoordinationEvent } from '@massgen/core';

/**
 * The final answer with the pages the winning answer cited: a presenter that rewrites the answer
 * may leave its sources out, and the final answer (final.md, the record, the server's reply)
 * should still say where its facts came from. Pages the final answer mentions are not repeated.
 */
export function withWinnerSources(
  event: CoordinationEvent,
  answers: ReadonlyArray<{ agentId: string; content: string }>,
): CoordinationEvent {
  if (event.type === 'final') return { ...event, content: citing(event.content, event.agentId, answers) };
  if (event.type === 'run-end' && event.finalAnswer !== undefined && event.winnerAgentId !== undefined)
    return { ...event, finalAnswer: citing(event.finalAnswer, event.winnerAgentId, answers) };
  return event;
}

function citing(
  finalAnswer: string,
  winnerAgentId: string,
  answers: ReadonlyArray<{ agentId: string; content: string }>,
): string {
  const winning = answers.filter((answer) => answer.agentId === winnerAgentId).at(-1);
  if (winning === undefined) return finalAnswer;
  const cited = new CitedSources();
  for (const source of sourcesListedIn(winning.content)) cited.add(source);
  return finalAnswer + cited.footnoteFor(finalAnswer);
}
