import type { AgentRecord, CoordinationState } from './coordination-state.js';

/**
 * Interruptions an agent takes in a row before its next turn is left to finish. Without a cap,
 * an agent slower than a teammate who answers every turn would be interrupted forever.
 */
const interruptionsInARowLimit = 2;

/**
 * After `author`'s new answer `label`: stops the turns built on older answers than their agent
 * can now see (`seesNewerAnswers`), so no tokens go into work that is out of date, and queues
 * their restart with the current answers. A turn whose agent cannot see the answer (outside its
 * topology) goes on: its view has not changed.
 *
 * Two kinds of turn are left to end. One that started before any answer existed is writing an
 * independent first answer, which the coordination wants from every agent: seeing another
 * answer first would only anchor it. And one that has already called `new_answer` is done:
 * its answer counts whatever it was based on.
 */
export function interruptStaleTurns(
  state: CoordinationState,
  author: AgentRecord,
  label: string,
  seesNewerAnswers: (agent: AgentRecord, viewVersion: number) => boolean,
): void {
  for (const other of state.live()) {
    const turn = other.turn;
    if (other === author || turn === undefined || turn.viewVersion === 0 || turn.hasAnswerCall) continue;
    if (!seesNewerAnswers(other, turn.viewVersion)) continue;
    if (other.interruptionsInARow >= interruptionsInARowLimit) continue;
    turn.abort();
    other.turn = undefined;
    other.interruptionsInARow += 1;
    other.pending = {
      reason: 'restart',
      attempt: 1,
      continuesRound: true,
      afterInterruption: true,
      restartReason: `new answer ${label} made its turn out of date`,
    };
  }
}

/**
 * The last step against stagnation: agents still working (not holding a vote, so not settled)
 * start over from a fresh context that shows only the leading answers.
 */
export function restartStuckAgents(state: CoordinationState, reason: string): void {
  for (const agent of state.live()) {
    if (agent.vote !== undefined) continue;
    const running = agent.turn;
    const pending = agent.pending;
    if (running === undefined && pending === undefined) continue;
    running?.abort();
    agent.turn = undefined;
    const continuesRound = running !== undefined || pending?.reason === 'retry' || pending?.continuesRound === true;
    agent.pending = { reason: 'restart', attempt: 1, restartReason: reason, freshStart: true, continuesRound };
  }
}
