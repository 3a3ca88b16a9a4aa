import type { Strategy } from '@massgen/core';
import { createGreetingStrategy } from './greeting-strategy.js';

/** The strategy module contract version this package implements. */
export const specificationVersion = 'v1' as const;

/** Loader entry point (`orchestrator.strategy: massgen-strategy-fixture`). */
export function createStrategy(): Strategy {
  return createGreetingStrategy();
}

/** The `orchestrator` keys it owns; `--validate` and a run check them at their lines. */
export {
  greetingSettingsSchema as settingsSchema,
  greetingAgentSettingsSchema as agentSettingsSchema,
} from './greeting-strategy.js';

/** The keys an agent writes for it (`fixture_title`), checked the same way. */
