import type { HumanMessage, HumanMessages } from '@massgen/core';

/**
 * The person's side of a run's messages (`RunOptions.humanMessages`): a display or the server
 * sends, the run's strategy listens. Messages sent before it listens wait for it; once the
 * caller closes the inbox (the run is over), `send` refuses them.
 */
export class HumanInbox implements HumanMessages {
  private readonly waiting: HumanMessage[] = [];
  private listener: ((message: HumanMessage) => void) | undefined;
  private open = true;

  /** Hands a message on; false when the inbox is closed and nobody will read it. */
  send(message: HumanMessage): boolean {
    if (!this.open) return false;
    if (this.listener === undefined) this.waiting.push(message);
    else this.listener(message);
    return true;
  }

  listen(listener: (message: HumanMessage) => void): () => void {
    this.listener = listener;
    for (const message of this.waiting.splice(0)) listener(message);
    return () => {
      if (this.listener === listener) this.listener = undefined;
    };
  }

  close(): void {
    this.open = false;
  }
}
