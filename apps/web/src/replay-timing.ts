import type { RunEvent } from '@massgen/core';

/** A replay waits at most this long between two events, whatever the run did: idle minutes are skipped. */
export const longestPauseMs = 1000;

export const replaySpeeds = [0.5, 1, 2, 4, 10] as const;

/**
 * How many events to show next, and after how long, to play `events` from `position` at
 * `speed`. Events closer together than a frame are shown together, so a burst of deltas is one
 * step and not a thousand timers.
 */
export function nextStep(
  events: readonly RunEvent[],
  position: number,
  speed: number,
): { count: number; delayMs: number } | undefined {
  if (position >= events.length) return undefined;
  const gap = (index: number): number => {
    const previous = events[index - 1];
    const current = events[index];
    if (previous === undefined || current === undefined) return 0;
    return Math.min(longestPauseMs, Math.max(0, current.time - previous.time)) / speed;
  };
  const delayMs = gap(position);
  let count = 1;
  let gathered = 0;
  while (position + count < events.length) {
    const next = gap(position + count);
    if (gathered + next > 16) break;
    gathered += next;
    count += 1;
  }
  return { count, delayMs };
}
