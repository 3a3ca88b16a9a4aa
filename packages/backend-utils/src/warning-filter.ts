import type { Warning } from '@massgen/core';

/**
 * A predicate that is true the first time it sees a warning and false after: settings problems
 * repeat on every call, and the user needs to hear of each once. Warnings are told apart by code
 * and message.
 */
export function createWarningFilter(): (warning: Warning) => boolean {
  const reported = new Set<string>();
  return (warning) => {
    const key = `${warning.code}\u0000${warning.message}`;
    if (reported.has(key)) return false;
    reported.add(key);
    return true;
  };
}
