import type { RunEvent } from '@massgen/core';

/**
 * The benchmark's hook (`bench/web.mjs` installs it before the page loads): told of the events
 * whose text has just been put on the page and when, to measure event-to-screen latency.
 * Absent, it costs one property read per frame.
 */
type LatencyProbe = (events: readonly RunEvent[], shownAt: number) => void;

export function reportShown(events: readonly RunEvent[]): void {
  const probe = (globalThis as { __massgenLatencyProbe?: LatencyProbe }).__massgenLatencyProbe;
  probe?.(events, Date.now());
}
