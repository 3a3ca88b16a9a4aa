import type { Strategy } from '@massgen/core';
import { createSequentialStrategy } from './sequential-strategy.js';

/** The strategy module contract version this package implements. */
export const specificationVersion = 'v1' as const;

/** Loader entry point (`workflow: sequential`, or `orchestrator.strategy: sequential`). */
export function createStrategy(): Strategy {
  return createSequentialStrategy();
}

export { createSequentialStrategy } from './sequential-strategy.js';
export { buildStageMessages } from './pipeline-prompt.js';
export type { PipelinePromptInput, StageRecord } from './pipeline-prompt.js';
