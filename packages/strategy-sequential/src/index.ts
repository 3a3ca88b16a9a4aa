import type { Strategy } from '@massgen/core';
import { createSequentialStrategy } from './sequential-strategy.js';

/** The strategy module contract version this package implements. */
export const specificationVersion = 'v1' as const;

/** Loader entry point (`workflow: sequential`, or `orchestrator.strategy: sequential`). */
export function createStrategy(): Strategy {
  return createSequentialStrategy();
}

/** The pipeline owns no `orchestrator` keys: the run warns about any strategy key given to it. */
export { sequentialSettingsSchema as settingsSchema } from './sequential-settings.js';
export { createSequentialStrategy } from './sequential-strategy.js';
export { buildStageMessages, type PipelinePromptInput, type StageRecord } from './pipeline-prompt.js';
