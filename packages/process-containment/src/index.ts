export { containmentMode } from './containment-mode.js';
export type { ContainmentMode } from './containment-mode.js';
export { killAllContained, spawnContained } from './spawn-contained.js';
export type { ContainedProcess, SpawnContainedOptions } from './spawn-contained.js';
