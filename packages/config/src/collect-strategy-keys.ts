import type { StrategyKeys } from '@massgen/core';
import { isMapping } from './is-mapping.js';
import type { KeySegment } from './key-path.js';
import { knownKeys, ruleFor } from './known-keys.js';
import type { Section, SectionName } from './known-keys.js';

/** The keys of a configuration that belong to its strategy, and where those written outside `orchestrator` are. */
export interface CollectedStrategyKeys {
  keys: StrategyKeys;
  /** Run keys written outside `orchestrator` (`straggler_timeout_seconds` → `timeout_settings`), by key. */
  keySegments: Record<string, KeySegment[]>;
}

/**
 * The keys the strategy owns, as written: every `orchestrator` key the loader does not read
 * itself, the few upstream writes under `timeout_settings` or `orchestrator.coordination`, and every
 * key of an agent's block the loader does not read (upstream's `voting_sensitivity`, a third-party
 * strategy's own).
 * Read from the interpolated file, because the loader's schema does not know them: the
 * strategy's schemas check them. `null` is the same as leaving a key out.
 */
export function collectStrategyKeys(root: Record<string, unknown>): CollectedStrategyKeys {
  const run: Record<string, unknown> = {};
  const keySegments: Record<string, KeySegment[]> = {};
  const orchestrator = isMapping(root['orchestrator']) ? root['orchestrator'] : {};
  for (const [key, value] of Object.entries(strategyKeysOf('orchestrator', orchestrator))) run[key] = value;
  const timeouts = isMapping(root['timeout_settings']) ? root['timeout_settings'] : {};
  for (const [key, value] of Object.entries(strategyKeysOf('timeoutSettings', timeouts))) {
    // Written in both places, the orchestrator's wins: it is where the strategy documents it.
    if (key in run) continue;
    run[key] = value;
    keySegments[key] = ['timeout_settings', key];
  }
  const coordination = isMapping(orchestrator['coordination']) ? orchestrator['coordination'] : {};
  for (const [key, value] of Object.entries(strategyKeysOf('coordination', coordination))) {
    if (key in run) continue;
    run[key] = value;
    keySegments[key] = ['orchestrator', 'coordination', key];
  }
  const agents: Record<string, Record<string, unknown>> = {};
  const written: unknown[] = isMapping(root['agent'])
    ? [root['agent']]
    : Array.isArray(root['agents'])
      ? root['agents']
      : [];
  for (const agent of written) {
    if (!isMapping(agent) || typeof agent['id'] !== 'string') continue;
    const own = strategyKeysOf('agent', agent);
    if (Object.keys(own).length > 0) agents[agent['id']] = own;
  }
  return { keys: { run, agents }, keySegments };
}

/** The keys of a block that are the strategy's: those marked so, and in `orchestrator` any the loader does not know. */
function strategyKeysOf(section: SectionName, block: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(block).filter(([key, value]) => {
      if (value == null) return false;
      const rule = ruleFor(section, key);
      return rule === undefined ? knownKeys[section].unknownKeysReachStrategy === true : rule.kind === 'strategy';
    }),
  );
}

/** Keys MassGen itself reads under `orchestrator`, to suggest for a mistyped one beside the strategy's. */
export function orchestratorKeyNames(): string[] {
  return ownKeyNames('orchestrator');
}

/** Keys MassGen itself reads in an agent's block (`id`, `system_message`, ...), to suggest beside the strategy's. */
export function agentKeyNames(): string[] {
  return ownKeyNames('agent');
}

function ownKeyNames(section: SectionName): string[] {
  return Object.entries(knownKeys[section].keys)
    .filter(([, rule]) => rule.kind !== 'strategy')
    .map(([key]) => key);
}

/**
 * Where upstream writes strategy keys outside `orchestrator`, for the reference: `timeout_settings`
 * keys and `orchestrator.coordination` keys.
 */
export function strategyKeysWrittenElsewhere(): Record<string, KeySegment[]> {
  const blocks: Array<[Section, KeySegment[]]> = [
    [knownKeys.timeoutSettings, ['timeout_settings']],
    [knownKeys.coordination, ['orchestrator', 'coordination']],
  ];
  return Object.fromEntries(
    blocks.flatMap(([section, segments]) =>
      Object.entries(section.keys)
        .filter(([, rule]) => rule.kind === 'strategy')
        .map(([key]) => [key, [...segments, key]]),
    ),
  );
}
