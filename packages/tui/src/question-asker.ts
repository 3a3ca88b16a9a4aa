import type { AskHuman } from '@massgen/core';
import { QuestionBoard } from './question-board.js';

/**
 * Puts agents' questions on a board the display shows, and settles each with the reply typed
 * for it. A question whose asker stops waiting leaves the board with no reply; closing settles
 * every open one the same way, so no agent waits on a display that is gone.
 */
export class QuestionAsker {
  readonly board = new QuestionBoard();
  private readonly open = new Map<string, (reply: string | undefined) => void>();
  private count = 0;

  readonly ask: AskHuman = (question, { signal }) => {
    if (signal.aborted) return Promise.resolve(undefined);
    this.count += 1;
    const id = `question-${this.count}`;
    return new Promise((resolve) => {
      const onAbort = (): void => this.settle(id, undefined);
      this.open.set(id, (reply) => {
        signal.removeEventListener('abort', onAbort);
        resolve(reply);
      });
      signal.addEventListener('abort', onAbort, { once: true });
      this.board.add({ id, agentId: question.agentId, question: question.question, timeoutMs: question.timeoutMs });
    });
  };

  /** The person's reply to question `id`, or `undefined` when they skipped it. */
  readonly settle = (id: string, reply: string | undefined): void => {
    const resolve = this.open.get(id);
    if (resolve === undefined) return;
    this.open.delete(id);
    this.board.remove(id);
    resolve(reply);
  };

  close(): void {
    for (const id of [...this.open.keys()]) this.settle(id, undefined);
  }
}
