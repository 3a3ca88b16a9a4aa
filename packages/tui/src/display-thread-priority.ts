import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Nice value of the display thread: well below the coordination, still drawn when the CPU is free. */
export const displayThreadNiceness = 10;

/**
 * Lowers the scheduling priority of the calling thread, so that on a busy machine the display
 * yields the CPU to the thread coordinating the agents instead of slowing it down. Linux names
 * the calling thread in /proc/thread-self, and `setpriority` accepts a thread id there; elsewhere
 * this does nothing. Returns whether it took effect.
 */
export function lowerThisThreadPriority(niceness = displayThreadNiceness): boolean {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(threadId) || threadId <= 0) return false;
    setPriority(threadId, niceness);
    return true;
  } catch {
    return false;
  }
}
