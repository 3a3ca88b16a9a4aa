import type { HumanMessage, HumanMessages } from '@massgen/core';

/** A person's side of a run, for tests: `send` hands a message to whoever listens, at once. */
export function createMessageChannel(): HumanMessages & { send(message: HumanMessage): void } {
  const listeners = new Set<(message: HumanMessage) => void>();
  return {
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    send: (message) => {
      if (listeners.size === 0) throw new Error('Nobody listens to the messages yet.');
      for (const listener of listeners) listener(message);
    },
  };
}
