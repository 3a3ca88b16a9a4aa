import type { HumanInbox } from '@massgen/runtime';

/** A completion whose team is still running: where messages to its agents go. */
export interface LiveCompletion {
  inbox: HumanInbox;
  agentIds: readonly string[];
}

/** The running completions, by completion id (`chatcmpl-<run id>`), from their run's start to its end. */
export class LiveCompletions {
  private readonly running = new Map<string, LiveCompletion>();

  /** Registers a run once its id is known; returns the function that forgets it. */
  add(completionId: string, completion: LiveCompletion): () => void {
    this.running.set(completionId, completion);
    return () => {
      if (this.running.get(completionId) === completion) this.running.delete(completionId);
    };
  }

  get(completionId: string): LiveCompletion | undefined {
    return this.running.get(completionId);
  }
}
