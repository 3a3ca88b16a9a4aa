import type { HumanMessage, RunEvent } from '@massgen/core';
import type { MassGenConfig } from '@massgen/config';
import { HumanInbox, run } from '@massgen/runtime';
import type { RunOptions } from '@massgen/runtime';

/** A run the web page started: its events so far, its listeners and the user's two buttons. */
export interface LiveRun {
  readonly runId: string;
  /** Every event so far, in order (`seq` is the index). */
  readonly events: readonly RunEvent[];
  readonly ended: boolean;
  /** Calls `listener` with each new event, and `onEnd` once the run is over; returns the unsubscribe. */
  subscribe(listener: (event: RunEvent) => void, onEnd: () => void): () => void;
  /** The terminal's `a`: coordination stops and the current leader presents. */
  answerNow(): void;
  /** The terminal's `q`: the run stops; the record keeps what it has. */
  cancel(): void;
  /** The terminal's `m`: a message to the agents at their next turn; false once the run has ended. */
  sendMessage(message: HumanMessage): boolean;
}

export interface StartLiveRunOptions {
  config: MassGenConfig;
  question: string;
  cwd: string;
  pluginSearchPaths?: string[];
}

/** Finished runs whose events stay in memory; older ones are read back from their record. */
const keptFinishedRuns = 8;

/** The runs started from the page, by run id, while they run and a little after. */
export class LiveRuns {
  private readonly runs = new Map<string, LiveRunEntry>();
  private readonly finished: string[] = [];

  get running(): number {
    return [...this.runs.values()].filter((entry) => !entry.ended).length;
  }

  get(runId: string): LiveRun | undefined {
    return this.runs.get(runId);
  }

  /** Every run still in memory, running ones included. */
  list(): LiveRun[] {
    return [...this.runs.values()];
  }

  /**
   * Starts a run and resolves once it has its id (its first event), or rejects when it could
   * not start (a backend package missing, options a backend refuses).
   */
  start(options: StartLiveRunOptions): Promise<LiveRun> {
    const entry = new LiveRunEntry();
    const runOptions: RunOptions = {
      cwd: options.cwd,
      signal: entry.cancelController.signal,
      answerNow: entry.answerNowController.signal,
      humanMessages: entry.inbox,
      onEvent: (event) => entry.push(event),
      ...(options.pluginSearchPaths === undefined ? {} : { pluginSearchPaths: options.pluginSearchPaths }),
    };
    return new Promise((resolve, reject) => {
      entry.onFirstEvent = (runId) => {
        this.runs.set(runId, entry);
        resolve(entry);
      };
      run(options.config, options.question, runOptions).then(
        () => {
          entry.finish();
          this.forgetOldRuns(entry.runId);
        },
        (error: unknown) => {
          entry.finish();
          if (entry.runId === '') reject(error);
        },
      );
    });
  }

  /** Cancels every running run; resolves when they have ended. */
  async close(): Promise<void> {
    const running = [...this.runs.values()].filter((entry) => !entry.ended);
    for (const entry of running) entry.cancel();
    await Promise.all(running.map((entry) => entry.endedPromise));
  }

  private forgetOldRuns(runId: string): void {
    this.finished.push(runId);
    while (this.finished.length > keptFinishedRuns) {
      const oldest = this.finished.shift();
      if (oldest !== undefined) this.runs.delete(oldest);
    }
  }
}

class LiveRunEntry implements LiveRun {
  runId = '';
  readonly events: RunEvent[] = [];
  ended = false;
  readonly answerNowController = new AbortController();
  readonly cancelController = new AbortController();
  readonly inbox = new HumanInbox();
  onFirstEvent: ((runId: string) => void) | undefined;
  private readonly listeners = new Set<{ listener: (event: RunEvent) => void; onEnd: () => void }>();
  private resolveEnded: () => void = () => {};
  readonly endedPromise = new Promise<void>((resolve) => {
    this.resolveEnded = resolve;
  });

  push(event: RunEvent): void {
    if (this.runId === '') {
      this.runId = event.runId;
      this.onFirstEvent?.(event.runId);
    }
    this.events.push(event);
    for (const subscriber of this.listeners) subscriber.listener(event);
  }

  finish(): void {
    if (this.ended) return;
    this.ended = true;
    this.inbox.close();
    for (const subscriber of this.listeners) subscriber.onEnd();
    this.listeners.clear();
    this.resolveEnded();
  }

  subscribe(listener: (event: RunEvent) => void, onEnd: () => void): () => void {
    if (this.ended) {
      onEnd();
      return () => {};
    }
    const subscriber = { listener, onEnd };
    this.listeners.add(subscriber);
    return () => this.listeners.delete(subscriber);
  }

  answerNow(): void {
    this.answerNowController.abort();
  }

  cancel(): void {
    this.cancelController.abort();
  }

  sendMessage(message: HumanMessage): boolean {
    return this.inbox.send(message);
  }
}
