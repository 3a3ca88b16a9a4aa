import type { TurnRequest } from '@massgen/core';

/** The whole prompt of a request as one string, for `toContain` checks. */
export function promptText(request: TurnRequest | undefined): string {
  return (request?.messages ?? [])
    .map(({ content }) => (typeof content === 'string' ? content : JSON.stringify(content)))
    .join('\n');
}
