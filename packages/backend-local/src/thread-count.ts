import os from 'node:os';

/**
 * Inference threads for this machine: about one per physical core. Logical cores share their
 * physical core's arithmetic units, and on 2 cores 1 thread was measured much faster than 2
 * because the other core keeps the event loop, the other agents and the OS responsive.
 */
export function defaultThreadCount(logicalCores: number = os.availableParallelism()): number {
  return Math.max(1, Math.floor(logicalCores / 2));
}
