import path from 'node:path';
import type { Message, RunEvent } from '@massgen/core';
import { sessionHistory, turnEnd } from '@massgen/runtime';
import type { HistoryTurn, RunResult, Session, SessionTurn } from '@massgen/runtime';

export interface ConversationOptions {
  /** The stored session to continue; none keeps the conversation in memory. */
  session?: Session;
  historyTokens: number;
  /** Where the runs' records go (`.massgen/runs`), or none with `--no-record`. */
  recordsRoot?: string;
  /** A new session, made at the first question (and after `/reset`); none keeps it in memory. */
  startSession: () => Session | undefined;
}

/**
 * The conversation a question belongs to: a session stored under `.massgen/sessions/<id>/`, or
 * (with `--no-record`) one kept in memory only. Each question's run is written to it when it
 * starts and when it ends; the next question gets the answered turns as history, within the
 * token budget (see `sessionHistory`).
 */
export class Conversation {
  private readonly memory: SessionTurn[] = [];
  private session: Session | undefined;

  constructor(private readonly options: ConversationOptions) {
    this.session = options.session;
  }

  /** The stored session's id; undefined when nothing is written to disk. */
  get id(): string | undefined {
    return this.session?.id;
  }

  turns(): readonly SessionTurn[] {
    return this.session?.turns() ?? this.memory;
  }

  /** The answered turns so far, as the next question's history within the budget. */
  history(): Message[] {
    return this.historyOf(this.turns());
  }

  /** Some of the turns (those before a resumed run) as history within the budget. */
  historyOf(turns: readonly HistoryTurn[]): Message[] {
    return sessionHistory(turns, this.options.historyTokens).messages;
  }

  /** Follows a run's events: its start is written as soon as it has an id. */
  listener(question: string): (event: RunEvent) => void {
    let started = false;
    return (event) => {
      if (started || event.type !== 'run-start') return;
      started = true;
      // A new session is created by its first question, so a prompt left at once leaves nothing.
      this.session ??= this.options.startSession();
      const root = this.options.recordsRoot;
      const turn = {
        runId: event.runId,
        question,
        ...(root === undefined ? {} : { recordDirectory: path.join(root, event.runId) }),
      };
      if (this.session === undefined)
        this.memory.push({ ...turn, startedAt: new Date(event.time).toISOString(), tokens: 0 });
      else this.session.recordStart(turn);
    };
  }

  /** Writes how a run ended: its answer becomes history for the questions after it. */
  finish(result: RunResult): void {
    const end = turnEnd(result);
    if (this.session !== undefined) {
      this.session.recordEnd(end);
      return;
    }
    const index = this.memory.findIndex((turn) => turn.runId === result.runId);
    const turn = this.memory[index];
    if (turn !== undefined) this.memory[index] = { ...turn, ...end, endedAt: new Date().toISOString() };
  }

  /** `/reset`: the next question starts a new session with no history. */
  reset(): void {
    this.memory.length = 0;
    this.session = undefined;
  }
}
