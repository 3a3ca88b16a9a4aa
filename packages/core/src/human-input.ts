/** A message a person sends to a run's agents while the run goes on. */
export interface HumanMessage {
  text: string;
  /** The agents it is for, by id; every agent when absent. */
  to?: readonly string[];
}

/**
 * Where a strategy hears from the person watching the run (the terminal display, a client of
 * `massgen serve`). The runtime fills it from its caller; messages sent before the strategy
 * listens wait for it, so none is lost to a race with the run's start.
 */
export interface HumanMessages {
  /** Calls `listener` with every message, those waiting first; returns the function that stops listening. */
  listen(listener: (message: HumanMessage) => void): () => void;
}

/** A question an agent puts to the person watching the run (`coordination.human_input`). */
export interface HumanQuestion {
  agentId: string;
  question: string;
  /** How long the person has to reply before the agent is told there was no reply. */
  timeoutMs: number;
}

/**
 * Puts a question to the person and resolves with the reply, or with `undefined` when there is
 * none (the person skipped it). `signal` is aborted when the asker stops waiting (its timeout, its
 * turn ended): the question should then leave the screen.
 */
export type AskHuman = (question: HumanQuestion, options: { signal: AbortSignal }) => Promise<string | undefined>;
