import type {
  ConfigIssue,
  OptionsSchema,
  StrategyKeys,
  StrategyModule,
  StrategySettings,
  Warning,
} from '@massgen/core';
import {
  agentKeyNames,
  checkToolSettings,
  configIssueAt,
  formatKeyPath,
  orchestratorKeyNames,
  suggestKey,
} from '@massgen/config';
import type { KeySegment, MassGenConfig, ToolSettingsSource } from '@massgen/config';
import { unreadKeys } from '@massgen/backend-utils';
import { agentSegments } from './backend-options.js';

export interface StrategySettingsCheck {
  /** What the strategy's schemas reject, each at its key path and line. */
  issues: ConfigIssue[];
  /** Keys the strategy does not read, and what its `settingsWarnings` finds. */
  warnings: Warning[];
  /** The keys as its schemas parsed them, when they accept them. */
  settings?: StrategySettings;
}

/**
 * Checks the keys the strategy owns (`orchestrator.strategyKeys`) with its own schemas, as a
 * tool package's settings are checked with its: every problem at its key path and line, a key it
 * does not read warned about by name. `--validate` and a run both come here, so they agree. A
 * strategy without a run schema gets its run keys as written; one without an agent schema reads
 * no agent key, so each is warned about and dropped.
 */
export function checkStrategySettings(
  config: MassGenConfig,
  strategyName: string,
  module: StrategyModule,
): StrategySettingsCheck {
  const keys: StrategyKeys = config.orchestrator.strategyKeys ?? { run: {}, agents: {} };
  const issues: ConfigIssue[] = [];
  const warnings: Warning[] = [];
  const warnAt = (segments: KeySegment[], warning: Omit<Warning, 'path' | 'line'>): void => {
    const { path, line } = configIssueAt(config, segments, warning.message);
    warnings.push({ ...warning, path, ...(line === undefined ? {} : { line }) });
  };
  const warnUnread = (source: ToolSettingsSource, keys: readonly string[], suggestions: readonly string[]): void => {
    for (const key of keys) {
      const segments = segmentsOf(source, key);
      const suggestion = suggestKey(key, suggestions);
      const hint = suggestion === undefined ? '' : ` (did you mean "${suggestion}"?)`;
      warnAt(segments, {
        code: 'unknown-key',
        message: `${formatKeyPath(segments)} is not a setting of MassGen or of the ${strategyName} strategy${hint}; it is ignored.`,
      });
    }
  };
  const parse = (
    schema: OptionsSchema | undefined,
    source: ToolSettingsSource,
    suggestions: readonly string[],
  ): { ok: boolean; data: unknown } => {
    if (schema === undefined) return { ok: true, data: source.settings };
    const result = checkToolSettings(schema, source, config);
    if (!result.success) {
      issues.push(...result.issues);
      return { ok: false, data: undefined };
    }
    warnUnread(source, unreadKeys(source.settings, result.data), [...suggestions, ...schemaKeys(schema)]);
    return { ok: true, data: result.data };
  };

  const runSource: ToolSettingsSource = {
    settings: { ...keys.run },
    segments: ['orchestrator'],
    keySegments: Object.fromEntries(
      Object.entries(config.strategyKeySegments ?? {}).map(([key, segments]) => [key, [...segments]]),
    ),
  };
  const run = parse(module.settingsSchema, runSource, orchestratorKeyNames());
  const agentSources = new Map<string, ToolSettingsSource>();
  const agents: Record<string, unknown> = {};
  let agentsOk = true;
  for (const [agentId, written] of Object.entries(keys.agents)) {
    const index = config.agents.findIndex((agent) => agent.id === agentId);
    const source: ToolSettingsSource = {
      settings: { ...written },
      segments: index === -1 ? ['agents'] : agentSegments(config, index),
    };
    agentSources.set(agentId, source);
    if (module.agentSettingsSchema === undefined) {
      warnUnread(source, Object.keys(written), agentKeyNames());
      continue;
    }
    const parsed = parse(module.agentSettingsSchema, source, agentKeyNames());
    agentsOk &&= parsed.ok;
    agents[agentId] = parsed.data;
  }
  if (!run.ok || !agentsOk) return { issues, warnings };

  const settings: StrategySettings = { run: run.data, agents };
  for (const finding of module.settingsWarnings?.(settings) ?? []) {
    const source = finding.agentId === undefined ? runSource : agentSources.get(finding.agentId);
    const segments = source === undefined ? ['orchestrator', finding.key] : segmentsOf(source, finding.key);
    warnAt(segments, {
      code: finding.code,
      message: finding.message,
      ...(finding.agentId === undefined ? {} : { agentId: finding.agentId }),
    });
  }
  return { issues, warnings, settings };
}

function segmentsOf(source: ToolSettingsSource, key: string): KeySegment[] {
  return [...(source.keySegments?.[key] ?? [...source.segments, key])];
}

/** The keys an object schema reads (a zod object's `shape`), for suggestions; none for another schema. */
function schemaKeys(schema: OptionsSchema): string[] {
  const shape = (schema as { shape?: unknown }).shape;
  return typeof shape === 'object' && shape !== null ? Object.keys(shape) : [];
}
